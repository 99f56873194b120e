extension Publishers {
    /// Interleaves the values of any number of upstreams of one publisher type.
    ///
    /// With no upstreams at all it finishes as soon as it is subscribed.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let publishers: [Upstream]

        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        public init<S>(_ upstream: S) where Upstream == S.Element, S: Swift.Sequence {
            publishers = Array(upstream)
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let merger = MergeSubscription(sourceCount: publishers.count, downstream: subscriber)
            merger.start()
            for (index, publisher) in publishers.enumerated() {
                publisher.subscribe(merger.source(index))
            }
        }

        /// These upstreams and one more.
        public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
            Publishers.MergeMany(publishers + [other])
        }
    }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {
    public static func == (lhs: Publishers.MergeMany<Upstream>, rhs: Publishers.MergeMany<Upstream>) -> Bool {
        lhs.publishers == rhs.publishers
    }
}
