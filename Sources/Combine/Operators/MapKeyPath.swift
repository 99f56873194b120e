extension Publisher {
    /// Replaces each value with the property at `keyPath`.
    public func map<T>(_ keyPath: KeyPath<Self.Output, T>) -> Publishers.MapKeyPath<Self, T> {
        Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
    }

    /// Replaces each value with a pair of its properties.
    public func map<T0, T1>(
        _ keyPath0: KeyPath<Self.Output, T0>,
        _ keyPath1: KeyPath<Self.Output, T1>
    ) -> Publishers.MapKeyPath2<Self, T0, T1> {
        Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
    }

    /// Replaces each value with a triple of its properties.
    public func map<T0, T1, T2>(
        _ keyPath0: KeyPath<Self.Output, T0>,
        _ keyPath1: KeyPath<Self.Output, T1>,
        _ keyPath2: KeyPath<Self.Output, T2>
    ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
        Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
    }
}

// Apple gives these publishers no public initialiser; the `map` overloads above are the way in.

extension Publishers {
    /// Publishes one property of each upstream value.
    public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let keyPath: KeyPath<Upstream.Output, Output>

        public func receive<S>(subscriber: S)
        where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
            let keyPath = self.keyPath
            upstream.subscribe(
                KeyPathSubscriber(downstream: subscriber, description: "ValueForKey", keyPaths: [keyPath]) {
                    $0[keyPath: keyPath]
                }
            )
        }
    }

    /// Publishes two properties of each upstream value as a tuple.
    public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
        public typealias Output = (Output0, Output1)
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == (Output0, Output1) {
            let (keyPath0, keyPath1) = (self.keyPath0, self.keyPath1)
            upstream.subscribe(
                KeyPathSubscriber(
                    downstream: subscriber, description: "ValueForKeys", keyPaths: [keyPath0, keyPath1]
                ) {
                    ($0[keyPath: keyPath0], $0[keyPath: keyPath1])
                }
            )
        }
    }

    /// Publishes three properties of each upstream value as a tuple.
    public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
        public typealias Output = (Output0, Output1, Output2)
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        public let keyPath1: KeyPath<Upstream.Output, Output1>
        public let keyPath2: KeyPath<Upstream.Output, Output2>

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == (Output0, Output1, Output2) {
            let (keyPath0, keyPath1, keyPath2) = (self.keyPath0, self.keyPath1, self.keyPath2)
            upstream.subscribe(
                KeyPathSubscriber(
                    downstream: subscriber, description: "ValueForKeys",
                    keyPaths: [keyPath0, keyPath1, keyPath2]
                ) {
                    ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2])
                }
            )
        }
    }
}

/// Reads key paths out of each value on its way down; the three key-path publishers share it. Its
/// mirror shows the key paths, as Apple's does ("keyPath", or "keyPath0" onwards for several).
@usableFromInline
struct KeyPathSubscriber<Input, Downstream: Subscriber>: PassThroughSubscriber {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline
    let downstream: Downstream
    @usableFromInline
    let description: String
    let keyPaths: [AnyKeyPath]
    let read: (Input) -> Downstream.Input
    @usableFromInline
    let combineIdentifier = CombineIdentifier()

    @usableFromInline
    var customMirror: Mirror {
        let labels = keyPaths.count == 1 ? ["keyPath"] : keyPaths.indices.map { "keyPath\($0)" }
        return Mirror(self, children: zip(labels, keyPaths).map { (label: $0, value: $1 as Any) })
    }

    @usableFromInline
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(read(input))
    }
}
