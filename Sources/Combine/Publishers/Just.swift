/// A publisher that sends one value on the first request and then finishes; it never fails.
///
/// Its operators are answered at once: `map`, `filter` and the like on a `Just` compute their result
/// eagerly and return another `Just` (or an `Optional`/`Result` publisher), as Apple's do.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    public let output: Output

    public init(_ output: Output) {
        self.output = output
    }

    public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, S.Failure == Never {
        subscriber.receive(subscription: SingleValueSubscription(output, to: subscriber, description: "Just"))
    }
}

extension Just: Equatable where Output: Equatable {
    public static func == (lhs: Just<Output>, rhs: Just<Output>) -> Bool {
        lhs.output == rhs.output
    }
}

extension Just where Output: Comparable {
    public func min() -> Just<Output> { self }

    public func max() -> Just<Output> { self }
}

extension Just where Output: Equatable {
    public func contains(_ output: Output) -> Just<Bool> {
        Just<Bool>(self.output == output)
    }

    public func removeDuplicates() -> Just<Output> { self }
}

extension Just {
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        tryEvaluating(predicate)
    }

    public func collect() -> Just<[Output]> {
        Just<[Output]>([output])
    }

    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(transform(output))
    }

    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Just<Output>.Failure> {
        prepend(elements)
    }

    /// Reserves room for the elements and the value, then fills it, as Apple's does.
    public func prepend<S>(_ elements: S) -> Publishers.Sequence<[Output], Just<Output>.Failure>
    where Output == S.Element, S: Sequence {
        var joined: [Output] = []
        joined.reserveCapacity(elements.underestimatedCount + 1)
        joined.append(contentsOf: elements)
        joined.append(output)
        return Publishers.Sequence(sequence: joined)
    }

    public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Just<Output>.Failure> {
        append(elements)
    }

    /// Adds the elements to an array holding the value, as Apple's does.
    public func append<S>(_ elements: S) -> Publishers.Sequence<[Output], Just<Output>.Failure>
    where Output == S.Element, S: Sequence {
        var joined = [output]
        joined.append(contentsOf: elements)
        return Publishers.Sequence(sequence: joined)
    }

    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        tryEvaluating(predicate)
    }

    public func count() -> Just<Int> {
        Just<Int>(1)
    }

    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "dropFirst needs a count of zero or more")
        return kept(if: count == 0)
    }

    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        kept(if: !predicate(output))
    }

    public func first() -> Just<Output> { self }

    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        kept(if: predicate(output))
    }

    public func last() -> Just<Output> { self }

    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        kept(if: predicate(output))
    }

    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        kept(if: isIncluded(output))
    }

    public func ignoreOutput() -> Empty<Output, Just<Output>.Failure> {
        Empty()
    }

    public func map<T>(_ transform: (Output) -> T) -> Just<T> {
        Just<T>(transform(output))
    }

    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, Error>.Publisher {
        tryEvaluating(transform)
    }

    public func mapError<E>(_ transform: (Just<Output>.Failure) -> E) -> Result<Output, E>.Publisher
    where E: Error {
        Result<Output, E>.Publisher(output)
    }

    public func output(at index: Int) -> Optional<Output>.Publisher {
        precondition(index >= 0, "output(at:) needs an index of zero or more")
        return kept(if: index == 0)
    }

    /// As Apple's does (its feedback FB6169621), the value is kept whenever the range starts at zero,
    /// even an empty one such as `0..<0`, and dropped for any other start, negative ones included.
    public func output<R>(in range: R) -> Optional<Output>.Publisher
    where R: RangeExpression, R.Bound == Int {
        kept(if: range.relative(to: 0..<Int.max).lowerBound == 0)
    }

    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        precondition(maxLength >= 0, "prefix needs a length of zero or more")
        return kept(if: maxLength > 0)
    }

    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        kept(if: predicate(output))
    }

    public func reduce<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) -> T
    )
        -> Result<T, Just<Output>.Failure>.Publisher
    {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    public func tryReduce<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
    )
        -> Result<T, Error>.Publisher
    {
        tryEvaluating { try nextPartialResult(initialResult, $0) }
    }

    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> { self }

    /// Calls `predicate` once, with the value as both arguments, as Apple's does: what it throws is
    /// the failure.
    public func tryRemoveDuplicates(
        by predicate: (Output, Output) throws -> Bool
    ) -> Result<Output, Error>.Publisher {
        tryEvaluating { value in
            _ = try predicate(value, value)
            return value
        }
    }

    public func replaceError(with output: Output) -> Just<Output> { self }

    public func replaceEmpty(with output: Output) -> Just<Output> { self }

    public func retry(_ times: Int) -> Just<Output> { self }

    public func scan<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) -> T
    )
        -> Result<T, Just<Output>.Failure>.Publisher
    {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    public func tryScan<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
    )
        -> Result<T, Error>.Publisher
    {
        tryEvaluating { try nextPartialResult(initialResult, $0) }
    }

    public func setFailureType<E>(to failureType: E.Type) -> Result<Output, E>.Publisher where E: Error {
        Result<Output, E>.Publisher(output)
    }

    /// The value when `condition` holds, otherwise nothing: the shape of every filtering operator here.
    private func kept(if condition: Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(condition ? output : nil)
    }

    /// `body` applied to the value, or the error it threw.
    private func tryEvaluating<T>(_ body: (Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try body(output) })
    }
}
