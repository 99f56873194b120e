extension Sequence {
    /// A publisher of this sequence's elements, one per unit of demand, then `.finished`.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

extension Publishers {
    /// Sends the elements of a sequence as demand allows, then finishes; `Failure` is only a type.
    ///
    /// A subscriber's subscription describes itself by the elements (`[1, 2, 3]`). Most operators on
    /// it are answered at once, returning another sequence or a `Result`/`Optional` publisher, as
    /// Apple's are.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element

        public let sequence: Elements

        public init(sequence: Elements) {
            self.sequence = sequence
        }

        public func receive<S>(subscriber: S)
        where Failure == S.Failure, S: Subscriber, Elements.Element == S.Input {
            var iterator = sequence.makeIterator()
            guard let first = iterator.next() else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            let subscription = ElementsSubscription(
                elements: sequence,
                iterator: iterator,
                first: first,
                ending: .finished,
                endedDescription: "Sequence",
                downstream: subscriber
            )
            subscriber.receive(subscription: subscription)
        }
    }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {
    public static func == (
        lhs: Publishers.Sequence<Elements, Failure>,
        rhs: Publishers.Sequence<Elements, Failure>
    ) -> Bool {
        lhs.sequence == rhs.sequence
    }
}

extension Publishers.Sequence where Failure == Never {
    public func min(
        by areInIncreasingOrder: (
            Publishers.Sequence<Elements, Failure>.Output, Publishers.Sequence<Elements, Failure>.Output
        ) -> Bool
    ) -> Optional<Publishers.Sequence<Elements, Failure>.Output>.Publisher {
        Optional.Publisher(sequence.min(by: areInIncreasingOrder))
    }

    public func max(
        by areInIncreasingOrder: (
            Publishers.Sequence<Elements, Failure>.Output, Publishers.Sequence<Elements, Failure>.Output
        ) -> Bool
    ) -> Optional<Publishers.Sequence<Elements, Failure>.Output>.Publisher {
        Optional.Publisher(sequence.max(by: areInIncreasingOrder))
    }

    public func first(
        where predicate: (Publishers.Sequence<Elements, Failure>.Output) -> Bool
    ) -> Optional<Publishers.Sequence<Elements, Failure>.Output>.Publisher {
        Optional.Publisher(sequence.first(where: predicate))
    }
}

extension Publishers.Sequence {
    public func allSatisfy(
        _ predicate: (Publishers.Sequence<Elements, Failure>.Output) -> Bool
    ) -> Result<Bool, Failure>.Publisher {
        Result.Publisher(sequence.allSatisfy(predicate))
    }

    public func tryAllSatisfy(
        _ predicate: (Publishers.Sequence<Elements, Failure>.Output) throws -> Bool
    ) -> Result<Bool, Error>.Publisher {
        Result.Publisher(Result { try sequence.allSatisfy(predicate) })
    }

    public func collect() -> Result<[Publishers.Sequence<Elements, Failure>.Output], Failure>.Publisher {
        Result.Publisher(Array(sequence))
    }

    public func compactMap<T>(
        _ transform: (Publishers.Sequence<Elements, Failure>.Output) -> T?
    ) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence(sequence: sequence.compactMap(transform))
    }

    public func contains(
        where predicate: (Publishers.Sequence<Elements, Failure>.Output) -> Bool
    ) -> Result<Bool, Failure>.Publisher {
        Result.Publisher(sequence.contains(where: predicate))
    }

    public func tryContains(
        where predicate: (Publishers.Sequence<Elements, Failure>.Output) throws -> Bool
    ) -> Result<Bool, Error>.Publisher {
        Result.Publisher(Result { try sequence.contains(where: predicate) })
    }

    public func drop(
        while predicate: (Elements.Element) -> Bool
    ) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
        Publishers.Sequence(sequence: sequence.drop(while: predicate))
    }

    public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
        Publishers.Sequence(sequence: sequence.dropFirst(count))
    }

    public func filter(
        _ isIncluded: (Publishers.Sequence<Elements, Failure>.Output) -> Bool
    ) -> Publishers.Sequence<[Publishers.Sequence<Elements, Failure>.Output], Failure> {
        Publishers.Sequence(sequence: sequence.filter(isIncluded))
    }

    public func ignoreOutput() -> Empty<Publishers.Sequence<Elements, Failure>.Output, Failure> {
        Empty()
    }

    public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence(sequence: sequence.map(transform))
    }

    public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
        Publishers.Sequence(sequence: sequence.prefix(maxLength))
    }

    public func prefix(
        while predicate: (Elements.Element) -> Bool
    ) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence(sequence: sequence.prefix(while: predicate))
    }

    public func reduce<T>(
        _ initialResult: T,
        _ nextPartialResult: (T, Publishers.Sequence<Elements, Failure>.Output) -> T
    ) -> Result<T, Failure>.Publisher {
        Result.Publisher(sequence.reduce(initialResult, nextPartialResult))
    }

    public func tryReduce<T>(
        _ initialResult: T,
        _ nextPartialResult: (T, Publishers.Sequence<Elements, Failure>.Output) throws -> T
    ) -> Result<T, Error>.Publisher {
        Result.Publisher(Result { try sequence.reduce(initialResult, nextPartialResult) })
    }

    public func replaceNil<T>(
        with output: T
    ) -> Publishers.Sequence<[Publishers.Sequence<Elements, Failure>.Output], Failure>
    where Elements.Element == T? {
        Publishers.Sequence(sequence: sequence.map { .some($0 ?? output) })
    }

    /// Every running result of `nextPartialResult`, computed at once.
    public func scan<T>(
        _ initialResult: T,
        _ nextPartialResult: (T, Publishers.Sequence<Elements, Failure>.Output) -> T
    ) -> Publishers.Sequence<[T], Failure> {
        var accumulated = initialResult
        let results = sequence.map { element -> T in
            accumulated = nextPartialResult(accumulated, element)
            return accumulated
        }
        return Publishers.Sequence(sequence: results)
    }

    public func setFailureType<E>(to error: E.Type) -> Publishers.Sequence<Elements, E> where E: Error {
        Publishers.Sequence<Elements, E>(sequence: sequence)
    }
}

extension Publishers.Sequence where Elements.Element: Equatable {
    /// Drops each element equal to the one before it.
    public func removeDuplicates()
        -> Publishers.Sequence<[Publishers.Sequence<Elements, Failure>.Output], Failure>
    {
        var kept: [Elements.Element] = []
        for element in sequence where kept.last != element {
            kept.append(element)
        }
        return Publishers.Sequence(sequence: kept)
    }

    public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
        Result.Publisher(sequence.contains(output))
    }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
    public func min() -> Optional<Publishers.Sequence<Elements, Failure>.Output>.Publisher {
        Optional.Publisher(sequence.min())
    }

    public func max() -> Optional<Publishers.Sequence<Elements, Failure>.Output>.Publisher {
        Optional.Publisher(sequence.max())
    }
}

extension Publishers.Sequence where Elements: Collection, Failure == Never {
    public func first() -> Optional<Publishers.Sequence<Elements, Failure>.Output>.Publisher {
        Optional.Publisher(sequence.first)
    }

    public func output(
        at index: Elements.Index
    ) -> Optional<Publishers.Sequence<Elements, Failure>.Output>.Publisher {
        Optional.Publisher(element(at: index))
    }
}

extension Publishers.Sequence where Elements: Collection {
    public func count() -> Result<Int, Failure>.Publisher {
        Result.Publisher(sequence.count)
    }

    public func output(
        in range: Range<Elements.Index>
    ) -> Publishers.Sequence<[Publishers.Sequence<Elements, Failure>.Output], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: elements(in: range))
    }

    /// The element at `index`, or `nil` when the index is outside the collection.
    fileprivate func element(at index: Elements.Index) -> Elements.Element? {
        sequence.indices.contains(index) ? sequence[index] : nil
    }

    /// The elements at the positions of `range` that lie inside the collection.
    fileprivate func elements(in range: Range<Elements.Index>) -> [Elements.Element] {
        Array(sequence[range.clamped(to: sequence.startIndex..<sequence.endIndex)])
    }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
    public func last() -> Optional<Publishers.Sequence<Elements, Failure>.Output>.Publisher {
        Optional.Publisher(sequence.last)
    }

    public func last(
        where predicate: (Publishers.Sequence<Elements, Failure>.Output) -> Bool
    ) -> Optional<Publishers.Sequence<Elements, Failure>.Output>.Publisher {
        Optional.Publisher(sequence.last(where: predicate))
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
    public func output(
        at index: Elements.Index
    ) -> Optional<Publishers.Sequence<Elements, Failure>.Output>.Publisher {
        Optional.Publisher(element(at: index))
    }

    public func output(
        in range: Range<Elements.Index>
    ) -> Publishers.Sequence<[Publishers.Sequence<Elements, Failure>.Output], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: elements(in: range))
    }

    public func count() -> Just<Int> {
        Just(sequence.count)
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection {
    public func count() -> Result<Int, Failure>.Publisher {
        Result.Publisher(sequence.count)
    }
}

extension Publishers.Sequence where Elements: RangeReplaceableCollection {
    public func prepend(
        _ elements: Publishers.Sequence<Elements, Failure>.Output...
    ) -> Publishers.Sequence<Elements, Failure> {
        prepend(elements)
    }

    /// Builds the joined collection as Apple's does: reserved for both parts, then filled.
    public func prepend<S>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
    where S: Swift.Sequence, Elements.Element == S.Element {
        var joined = Elements()
        joined.reserveCapacity(sequence.count + elements.underestimatedCount)
        joined.append(contentsOf: elements)
        joined.append(contentsOf: sequence)
        return Publishers.Sequence(sequence: joined)
    }

    /// Appends this sequence to a copy of the other one's, as Apple's does.
    public func prepend(
        _ publisher: Publishers.Sequence<Elements, Failure>
    ) -> Publishers.Sequence<Elements, Failure> {
        var joined = publisher.sequence
        joined.append(contentsOf: sequence)
        return Publishers.Sequence(sequence: joined)
    }

    public func append(
        _ elements: Publishers.Sequence<Elements, Failure>.Output...
    ) -> Publishers.Sequence<Elements, Failure> {
        append(elements)
    }

    public func append<S>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
    where S: Swift.Sequence, Elements.Element == S.Element {
        var joined = sequence
        joined.append(contentsOf: elements)
        return Publishers.Sequence(sequence: joined)
    }

    public func append(
        _ publisher: Publishers.Sequence<Elements, Failure>
    ) -> Publishers.Sequence<Elements, Failure> {
        append(publisher.sequence)
    }
}
