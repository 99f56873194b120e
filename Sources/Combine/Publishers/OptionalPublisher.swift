extension Optional {
    /// A publisher of the wrapped value: one value then `.finished`, or just `.finished` for `nil`.
    public var publisher: Optional<Wrapped>.Publisher {
        Publisher(self)
    }

    /// Sends the value it holds, if any, then finishes; it never fails.
    ///
    /// Its operators are answered at once and return another `Optional.Publisher` (or a `Just`), as
    /// Apple's do.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Wrapped
        public typealias Failure = Never

        public let output: Optional<Wrapped>.Publisher.Output?

        public init(_ output: Optional<Wrapped>.Publisher.Output?) {
            self.output = output
        }

        public func receive<S>(subscriber: S) where Wrapped == S.Input, S: Subscriber, S.Failure == Never {
            guard let output else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            subscriber.receive(
                subscription: SingleValueSubscription(output, to: subscriber, description: "Optional"))
        }
    }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {
    public static func == (lhs: Optional<Wrapped>.Publisher, rhs: Optional<Wrapped>.Publisher) -> Bool {
        lhs.output == rhs.output
    }
}

extension Optional.Publisher where Wrapped: Equatable {
    public func contains(_ output: Optional<Wrapped>.Publisher.Output) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(self.output.map { $0 == output })
    }

    public func removeDuplicates() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher where Wrapped: Comparable {
    public func min() -> Optional<Wrapped>.Publisher { self }

    public func max() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher {
    public func allSatisfy(
        _ predicate: (Optional<Wrapped>.Publisher.Output) -> Bool
    ) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// Collects into an array even when there is no value: an empty publisher collects `[]`.
    public func collect() -> Optional<[Optional<Wrapped>.Publisher.Output]>.Publisher {
        Optional<[Wrapped]>.Publisher(output.map { [$0] } ?? [])
    }

    public func compactMap<T>(
        _ transform: (Optional<Wrapped>.Publisher.Output) -> T?
    ) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.flatMap(transform))
    }

    public func min(
        by areInIncreasingOrder: (Optional<Wrapped>.Publisher.Output, Optional<Wrapped>.Publisher.Output) ->
            Bool
    ) -> Optional<Wrapped>.Publisher { self }

    public func max(
        by areInIncreasingOrder: (Optional<Wrapped>.Publisher.Output, Optional<Wrapped>.Publisher.Output) ->
            Bool
    ) -> Optional<Wrapped>.Publisher { self }

    public func contains(
        where predicate: (Optional<Wrapped>.Publisher.Output) -> Bool
    ) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// As with Apple's, an empty publisher counts nothing at all: it finishes without a value.
    public func count() -> Optional<Int>.Publisher {
        Optional<Int>.Publisher(output.map { _ in 1 })
    }

    public func dropFirst(_ count: Int = 1) -> Optional<Wrapped>.Publisher {
        precondition(count >= 0, "dropFirst needs a count of zero or more")
        return kept { _ in count == 0 }
    }

    public func drop(
        while predicate: (Optional<Wrapped>.Publisher.Output) -> Bool
    ) -> Optional<Wrapped>.Publisher {
        kept { !predicate($0) }
    }

    public func first() -> Optional<Wrapped>.Publisher { self }

    public func first(
        where predicate: (Optional<Wrapped>.Publisher.Output) -> Bool
    ) -> Optional<Wrapped>.Publisher {
        kept(where: predicate)
    }

    public func last() -> Optional<Wrapped>.Publisher { self }

    public func last(
        where predicate: (Optional<Wrapped>.Publisher.Output) -> Bool
    ) -> Optional<Wrapped>.Publisher {
        kept(where: predicate)
    }

    public func filter(
        _ isIncluded: (Optional<Wrapped>.Publisher.Output) -> Bool
    ) -> Optional<Wrapped>.Publisher {
        kept(where: isIncluded)
    }

    public func ignoreOutput() -> Empty<
        Optional<Wrapped>.Publisher.Output, Optional<Wrapped>.Publisher.Failure
    > {
        Empty()
    }

    public func map<T>(_ transform: (Optional<Wrapped>.Publisher.Output) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map(transform))
    }

    public func output(at index: Int) -> Optional<Wrapped>.Publisher {
        precondition(index >= 0, "output(at:) needs an index of zero or more")
        return kept { _ in index == 0 }
    }

    /// Traps, as Apple's does, on a range that starts below zero or ends at `Int.max - 1` or later.
    public func output<R>(in range: R) -> Optional<Wrapped>.Publisher
    where R: RangeExpression, R.Bound == Int {
        let positions = range.relative(to: 0..<Int.max)
        precondition(
            positions.lowerBound >= 0, "output(in:) needs positions of zero or more, not \(positions)")
        precondition(
            positions.upperBound < Int.max - 1, "output(in:) needs a range ending before Int.max - 1")
        return kept { _ in positions.contains(0) }
    }

    public func prefix(_ maxLength: Int) -> Optional<Wrapped>.Publisher {
        precondition(maxLength >= 0, "prefix needs a length of zero or more")
        return kept { _ in maxLength > 0 }
    }

    public func prefix(
        while predicate: (Optional<Wrapped>.Publisher.Output) -> Bool
    ) -> Optional<Wrapped>.Publisher {
        kept(where: predicate)
    }

    /// As with Apple's, an empty publisher reduces to nothing at all, not to `initialResult`.
    public func reduce<T>(
        _ initialResult: T, _ nextPartialResult: (T, Optional<Wrapped>.Publisher.Output) -> T
    )
        -> Optional<T>.Publisher
    {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    public func removeDuplicates(
        by predicate: (Optional<Wrapped>.Publisher.Output, Optional<Wrapped>.Publisher.Output) -> Bool
    ) -> Optional<Wrapped>.Publisher { self }

    public func replaceError(
        with output: Optional<Wrapped>.Publisher.Output
    )
        -> Optional<Optional<Wrapped>.Publisher.Output>.Publisher
    { self }

    public func replaceEmpty(with output: Optional<Wrapped>.Publisher.Output) -> Just<Wrapped> {
        Just(self.output ?? output)
    }

    public func retry(_ times: Int) -> Optional<Wrapped>.Publisher { self }

    public func scan<T>(
        _ initialResult: T, _ nextPartialResult: (T, Optional<Wrapped>.Publisher.Output) -> T
    )
        -> Optional<T>.Publisher
    {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// The value if `predicate` accepts it, otherwise nothing: the shape of every filtering operator here.
    private func kept(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
    }
}
