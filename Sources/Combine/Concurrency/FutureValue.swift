extension Future where Failure == Never {
    /// The future's value, awaited: subscribes, and resumes when the promise is fulfilled.
    public final var value: Output {
        get async {
            switch await Self.firstOutcome(of: self) {
            case .success(let value): return value
            }
        }
    }
}

extension Future {
    /// The future's value, awaited, or its failure thrown.
    public final var value: Output {
        get async throws {
            try await Self.firstOutcome(of: self).get()
        }
    }

    /// The one value or failure a future delivers. Cancelling the awaiting task does not end the
    /// wait: the promise's work is already under way, and its outcome is still what is returned.
    private static func firstOutcome(of future: Future) async -> Result<Output, Failure> {
        let subscriber = AsyncSubscriber<Output, Failure>()
        future.subscribe(subscriber)
        return await subscriber.next().map { value in
            guard let value else { preconditionFailure("a Future finished without a value") }
            return value
        }
    }
}
