/// Something that turns an `Encodable` value into a serialised form (`Output`, say `Data`).
public protocol TopLevelEncoder {
    associatedtype Output

    func encode<T>(_ value: T) throws -> Self.Output where T: Encodable
}

extension Publisher where Self.Output: Encodable {
    /// Encodes each value with `encoder`; an encoding error cancels the upstream and ends the stream with it.
    public func encode<Coder>(encoder: Coder) -> Publishers.Encode<Self, Coder> where Coder: TopLevelEncoder {
        Publishers.Encode(upstream: self, encoder: encoder)
    }
}

extension Publishers {
    /// Encodes every value of its upstream into the encoder's output.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher
    where Upstream.Output: Encodable {
        public typealias Failure = Error
        public typealias Output = Coder.Output

        public let upstream: Upstream
        private let encoder: Coder

        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Coder.Output == S.Input, S.Failure == Error {
            let encoder = self.encoder
            let inner = ThrowingStepSubscription<Upstream.Output, Upstream.Failure, S>(
                "Encode",
                downstream: subscriber,
                earlyEvents: .valuesAndCompletions,
                mirror: .coding,
                step: { try encoder.encode($0) }
            )
            upstream.subscribe(inner)
        }
    }
}
