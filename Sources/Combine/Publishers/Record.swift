/// A publisher that plays back a recorded list of values and a completion to each subscriber.
///
/// Playback honours demand like a sequence publisher, and the subscription describes itself by the
/// recorded values.
public struct Record<Output, Failure: Error>: Publisher {
    public let recording: Record<Output, Failure>.Recording

    /// Records by calling `record` with an empty recording to fill in.
    public init(record: (inout Record<Output, Failure>.Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.init(recording: recording)
    }

    public init(recording: Record<Output, Failure>.Recording) {
        self.recording = recording
    }

    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        self.init(recording: Recording(output: output, completion: completion))
    }

    public func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        var iterator = recording.output.makeIterator()
        guard let first = iterator.next() else {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: recording.completion)
            return
        }
        let subscription = ElementsSubscription(
            elements: recording.output,
            iterator: iterator,
            first: first,
            ending: recording.completion,
            endedDescription: "Cancelled Events",
            mirrorsEnding: true,
            downstream: subscriber
        )
        subscriber.receive(subscription: subscription)
    }

    /// Values and a completion, written once in order: adding anything after the completion traps.
    public struct Recording {
        public typealias Input = Output

        public private(set) var output: [Output]
        public private(set) var completion: Subscribers.Completion<Failure>
        private var isComplete: Bool

        /// An empty recording that is still open for values.
        public init() {
            output = []
            completion = .finished
            isComplete = false
        }

        /// A recording that is already complete.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            isComplete = true
        }

        public mutating func receive(_ input: Record<Output, Failure>.Recording.Input) {
            precondition(!isComplete, "Record.Recording received a value after its completion")
            output.append(input)
        }

        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            precondition(!isComplete, "Record.Recording received a second completion")
            self.completion = completion
            isComplete = true
        }
    }
}

extension Record: Codable where Output: Codable, Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case recording
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(recording: try container.decode(Recording.self, forKey: .recording))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recording, forKey: .recording)
    }
}

extension Record.Recording: Codable where Output: Codable, Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case output
        case completion
    }

    /// A decoded recording is complete, as an encoded one always is.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            output: try container.decode([Output].self, forKey: .output),
            completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion)
        )
    }

    /// The same as `encode(to:)`; Apple's API has both names.
    public func encode(into encoder: Encoder) throws {
        try encode(to: encoder)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(completion, forKey: .completion)
    }
}
