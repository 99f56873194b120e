extension Result {
    /// A publisher of this result: the success value then `.finished`, or the failure.
    public var publisher: Result<Success, Failure>.Publisher {
        Publisher(self)
    }

    /// Sends a success value then finishes, or fails at once with the failure.
    ///
    /// Its operators are answered at once and return another `Result.Publisher`, as Apple's do.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Success

        public let result: Result<Result<Success, Failure>.Publisher.Output, Failure>

        public init(_ result: Result<Result<Success, Failure>.Publisher.Output, Failure>) {
            self.result = result
        }

        public init(_ output: Result<Success, Failure>.Publisher.Output) {
            self.init(.success(output))
        }

        public init(_ failure: Failure) {
            self.init(.failure(failure))
        }

        public func receive<S>(subscriber: S) where Success == S.Input, Failure == S.Failure, S: Subscriber {
            switch result {
            case .success(let output):
                subscriber.receive(
                    subscription: SingleValueSubscription(output, to: subscriber, description: "Once"))
            case .failure(let error):
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .failure(error))
            }
        }
    }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {
    public static func == (
        lhs: Result<Result<Success, Failure>.Publisher.Output, Failure>.Publisher,
        rhs: Result<Result<Success, Failure>.Publisher.Output, Failure>.Publisher
    ) -> Bool {
        lhs.result == rhs.result
    }
}

extension Result.Publisher where Success: Equatable {
    public func contains(
        _ output: Result<Success, Failure>.Publisher.Output
    ) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map { $0 == output })
    }

    public func removeDuplicates() -> Result<Result<Success, Failure>.Publisher.Output, Failure>.Publisher {
        self
    }
}

extension Result.Publisher where Success: Comparable {
    public func min() -> Result<Result<Success, Failure>.Publisher.Output, Failure>.Publisher { self }

    public func max() -> Result<Result<Success, Failure>.Publisher.Output, Failure>.Publisher { self }
}

extension Result.Publisher {
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        tryMapping(predicate)
    }

    public func collect() -> Result<[Output], Failure>.Publisher {
        Result<[Output], Failure>.Publisher(result.map { [$0] })
    }

    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
        self
    }

    /// Calls the comparator once, with the value as both arguments, as Apple's does.
    public func tryMin(
        by areInIncreasingOrder: (Output, Output) throws -> Bool
    ) -> Result<Output, Error>.Publisher {
        comparingWithItself(areInIncreasingOrder)
    }

    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
        self
    }

    /// Calls the comparator once, with the value as both arguments, as Apple's does.
    public func tryMax(
        by areInIncreasingOrder: (Output, Output) throws -> Bool
    ) -> Result<Output, Error>.Publisher {
        comparingWithItself(areInIncreasingOrder)
    }

    public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        tryMapping(predicate)
    }

    public func count() -> Result<Int, Failure>.Publisher {
        Result<Int, Failure>.Publisher(result.map { _ in 1 })
    }

    public func first() -> Result<Output, Failure>.Publisher { self }

    public func last() -> Result<Output, Failure>.Publisher { self }

    /// Apple's signature: the result can only finish, so a failure is not passed on.
    public func ignoreOutput() -> Empty<Output, Failure> {
        Empty()
    }

    public func map<T>(_ transform: (Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map(transform))
    }

    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, Error>.Publisher {
        tryMapping(transform)
    }

    public func mapError<E>(_ transform: (Failure) -> E) -> Result<Output, E>.Publisher where E: Error {
        Result<Output, E>.Publisher(result.mapError(transform))
    }

    public func reduce<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) -> T
    ) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    public func tryReduce<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
    )
        -> Result<T, Error>.Publisher
    {
        tryMapping { try nextPartialResult(initialResult, $0) }
    }

    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher
    { self }

    /// Calls `predicate` once, with the value as both arguments, as Apple's does.
    public func tryRemoveDuplicates(
        by predicate: (Output, Output) throws -> Bool
    ) -> Result<Output, Error>.Publisher {
        comparingWithItself(predicate)
    }

    public func replaceError(with output: Output) -> Result<Output, Never>.Publisher {
        switch result {
        case .success(let value): return Result<Output, Never>.Publisher(value)
        case .failure: return Result<Output, Never>.Publisher(output)
        }
    }

    public func replaceEmpty(with output: Output) -> Result<Output, Failure>.Publisher { self }

    public func retry(_ times: Int) -> Result<Output, Failure>.Publisher { self }

    public func scan<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) -> T
    ) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    public func tryScan<T>(
        _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
    )
        -> Result<T, Error>.Publisher
    {
        tryMapping { try nextPartialResult(initialResult, $0) }
    }

    /// `transform` applied to the success value; its thrown error, or the original failure, as `Error`.
    private func tryMapping<T>(_ transform: (Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result<T, Error> { try transform(result.get()) })
    }

    /// The value, once `compare(value, value)` has run without throwing; what it throws is the failure.
    private func comparingWithItself(
        _ compare: (Output, Output) throws -> Bool
    ) -> Result<Output, Error>.Publisher {
        tryMapping { value in
            _ = try compare(value, value)
            return value
        }
    }
}

extension Result.Publisher where Failure == Never {
    public func setFailureType<E>(to failureType: E.Type) -> Result<Output, E>.Publisher where E: Error {
        switch result {
        case .success(let value): return Result<Output, E>.Publisher(value)
        }
    }
}
