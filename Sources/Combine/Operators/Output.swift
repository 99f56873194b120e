extension Publisher {
    /// Passes on at most the first `maxLength` values; the last of them finishes the stream and cancels
    /// the upstream.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "prefix(_:) needs a length of zero or more, not \(maxLength)")
        return output(in: 0..<maxLength)
    }

    /// Publishes only the value at `index` (counting from zero), then finishes the stream and cancels the
    /// upstream.
    public func output(at index: Int) -> Publishers.Output<Self> {
        output(in: index...index)
    }

    /// Publishes only the values whose positions (counting from zero) lie in `range`; the last of them
    /// finishes the stream and cancels the upstream.
    public func output<R>(in range: R) -> Publishers.Output<Self> where R: RangeExpression, R.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }
}

extension Publishers {
    /// Republishes the values of its upstream whose positions lie in a range.
    ///
    /// Values before the range are replaced by asking the upstream for one more each; the downstream's
    /// requests go to the upstream as they are. As with Apple's, the last value in the range is delivered,
    /// then the upstream is cancelled and the stream finishes; the downstream's demand for that value is
    /// still returned. An empty range finishes at the first value.
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let range: CountableRange<Int>

        public init(upstream: Upstream, range: CountableRange<Int>) {
            precondition(
                range.lowerBound >= 0, "Publishers.Output needs positions of zero or more, not \(range)")
            self.upstream = upstream
            self.range = range
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let range = self.range
            var position = 0
            upstream.subscribeGated(
                subscriber, named: "Output", earlyEvents: .values, stepsAfterEnd: true
            ) { value in
                defer { position += 1 }
                if position < range.lowerBound { return .skip }
                if position >= range.upperBound { return .finish }
                return position == range.upperBound - 1 ? .passThenFinish(value) : .pass(value)
            }
        }
    }
}

extension Publishers.Output: Equatable where Upstream: Equatable {
    public static func == (lhs: Publishers.Output<Upstream>, rhs: Publishers.Output<Upstream>) -> Bool {
        lhs.upstream == rhs.upstream && lhs.range == rhs.range
    }
}
