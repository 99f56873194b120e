/// Something that turns a serialised form (`Input`, say `Data`) into a `Decodable` value.
public protocol TopLevelDecoder {
    associatedtype Input

    func decode<T>(_ type: T.Type, from: Self.Input) throws -> T where T: Decodable
}

extension Publisher {
    /// Decodes each value into `Item` with `decoder`; a decoding error cancels the upstream and ends
    /// the stream with it.
    public func decode<Item, Coder>(
        type: Item.Type,
        decoder: Coder
    ) -> Publishers.Decode<Self, Item, Coder>
    where Item: Decodable, Coder: TopLevelDecoder, Self.Output == Coder.Input {
        Publishers.Decode(upstream: self, decoder: decoder)
    }
}

extension Publishers {
    /// Decodes every value of its upstream into `Output`.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
    where Upstream.Output == Coder.Input {
        public typealias Failure = Error

        public let upstream: Upstream
        private let decoder: Coder

        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, S.Failure == Error {
            let decoder = self.decoder
            let inner = ThrowingStepSubscription<Upstream.Output, Upstream.Failure, S>(
                "Decode",
                downstream: subscriber,
                earlyEvents: .valuesAndCompletions,
                mirror: .coding,
                step: { try decoder.decode(Output.self, from: $0) }
            )
            upstream.subscribe(inner)
        }
    }
}
