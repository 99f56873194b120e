extension Subscribers {
    /// How a publisher ended: normally, or with an error.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {
    public static func == (a: Subscribers.Completion<Failure>, b: Subscribers.Completion<Failure>) -> Bool {
        switch (a, b) {
        case (.finished, .finished):
            return true
        case (.failure(let lhs), .failure(let rhs)):
            return lhs == rhs
        case (.finished, .failure), (.failure, .finished):
            return false
        }
    }
}

extension Subscribers.Completion: Hashable where Failure: Hashable {
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .finished:
            hasher.combine(0)
        case .failure(let error):
            hasher.combine(1)
            hasher.combine(error)
        }
    }
}

extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Subscribers.Completion: Codable where Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case success
        case error
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(Bool.self, forKey: .success) {
            self = .finished
        } else {
            self = .failure(try container.decode(Failure.self, forKey: .error))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .finished:
            try container.encode(true, forKey: .success)
        case .failure(let error):
            try container.encode(false, forKey: .success)
            try container.encode(error, forKey: .error)
        }
    }
}

extension Subscribers.Completion {
    /// The same completion with its error type erased, as the `try` operators report it.
    @inlinable
    internal var erased: Subscribers.Completion<Error> {
        switch self {
        case .finished: return .finished
        case .failure(let error): return .failure(error)
        }
    }
}
