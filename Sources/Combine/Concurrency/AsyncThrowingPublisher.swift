extension Publisher {
    /// The publisher's values as an async sequence that throws the publisher's failure.
    public var values: AsyncThrowingPublisher<Self> {
        AsyncThrowingPublisher(self)
    }
}

/// A publisher that can fail, read with `for try await`; its failure is thrown from `next()`.
///
/// Each iterator subscribes once, when it is made, and asks for one value per `next()`. Cancelling
/// the task that awaits `next()`, or dropping the iterator, cancels the subscription; the loop then
/// ends without an error.
public struct AsyncThrowingPublisher<P>: AsyncSequence where P: Publisher {
    public typealias Element = P.Output
    public typealias AsyncIterator = AsyncThrowingPublisher<P>.Iterator

    private let publisher: P

    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> AsyncThrowingPublisher<P>.Iterator {
        Iterator(iteration: AsyncIteration(subscribingTo: publisher))
    }

    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = P.Output

        private let iteration: AsyncIteration<P.Output, P.Failure>

        fileprivate init(iteration: AsyncIteration<P.Output, P.Failure>) {
            self.iteration = iteration
        }

        /// The next value, `nil` once the publisher has finished or the task was cancelled, or the
        /// publisher's failure, thrown once.
        public mutating func next() async throws -> P.Output? {
            try await iteration.subscriber.nextCancellingWithTask().get()
        }
    }
}
