extension Publisher where Failure == Never {
    /// The publisher's values as an async sequence, one value requested each time the loop asks.
    public var values: AsyncPublisher<Self> {
        AsyncPublisher(self)
    }
}

/// A publisher that cannot fail, read with `for await`.
///
/// Each iterator subscribes once, when it is made, and asks for one value per `next()`. Cancelling
/// the task that awaits `next()`, or dropping the iterator, cancels the subscription.
public struct AsyncPublisher<P>: AsyncSequence where P: Publisher, P.Failure == Never {
    public typealias Element = P.Output
    public typealias AsyncIterator = AsyncPublisher<P>.Iterator

    private let publisher: P

    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> AsyncPublisher<P>.Iterator {
        Iterator(iteration: AsyncIteration(subscribingTo: publisher))
    }

    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = P.Output

        private let iteration: AsyncIteration<P.Output, Never>

        fileprivate init(iteration: AsyncIteration<P.Output, Never>) {
            self.iteration = iteration
        }

        /// The next value, or `nil` once the publisher has finished or the task was cancelled.
        public mutating func next() async -> P.Output? {
            switch await iteration.subscriber.nextCancellingWithTask() {
            case .success(let value): return value
            }
        }
    }
}
