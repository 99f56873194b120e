/// The subscriber behind `values` and `Future.value`: it asks for one value each time it is awaited.
///
/// Each `next()` adds one to the demand and suspends until a value, the completion or a
/// cancellation resumes it. A failure is handed to one waiting caller; every call after the end of
/// the stream returns `nil` at once. Awaits are answered in the order they were made.
internal final class AsyncSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    internal typealias Step = Result<Input?, Failure>

    private let lock = Lock()
    private var subscription: Subscription?
    /// Values asked for before the subscription arrived.
    private var pendingDemand = 0
    private var waiting: [UnsafeContinuation<Step, Never>] = []
    /// Set once the stream has ended; a failure not yet handed to anyone is kept until it is.
    private var ending: Subscribers.Completion<Failure>?

    internal init() {}

    deinit {
        lock.deallocate()
    }

    /// The next value, `nil` once the stream has finished or been cancelled, or the failure.
    internal func next() async -> Step {
        await withUnsafeContinuation { continuation in
            lock.lock()
            if let ending {
                self.ending = .finished
                lock.unlock()
                continuation.resume(returning: Self.step(for: ending))
                return
            }
            waiting.append(continuation)
            guard let subscription else {
                pendingDemand += 1
                lock.unlock()
                return
            }
            lock.unlock()
            subscription.request(.max(1))
        }
    }

    /// Like `next()`, and cancels the subscription if the awaiting task is cancelled.
    internal func nextCancellingWithTask() async -> Step {
        await withTaskCancellationHandler {
            await next()
        } onCancel: {
            cancel()
        }
    }

    internal func receive(subscription: Subscription) {
        lock.lock()
        guard self.subscription == nil, ending == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        self.subscription = subscription
        let demand = pendingDemand
        pendingDemand = 0
        lock.unlock()
        if demand > 0 {
            subscription.request(.max(demand))
        }
    }

    internal func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard subscription != nil else {
            // A value before the subscription (or after the end) answers nobody: as Apple's does, every
            // call waiting so far resumes with `nil`, and what they asked for is still requested once
            // the subscription arrives.
            let waiting = ending == nil ? self.waiting : []
            if ending == nil {
                self.waiting = []
            }
            lock.unlock()
            for continuation in waiting {
                continuation.resume(returning: .success(nil))
            }
            return .none
        }
        guard !waiting.isEmpty else {
            lock.unlock()
            preconditionFailure("values received a value it did not request: the upstream broke its demand")
        }
        let continuation = waiting.removeFirst()
        lock.unlock()
        continuation.resume(returning: .success(input))
        return .none
    }

    internal func receive(completion: Subscribers.Completion<Failure>) {
        end(with: completion, cancellingUpstream: false)
    }

    /// Stops the stream: the subscription is cancelled and every waiting caller gets `nil`.
    internal func cancel() {
        end(with: .finished, cancellingUpstream: true)
    }

    private func end(with completion: Subscribers.Completion<Failure>, cancellingUpstream: Bool) {
        lock.lock()
        guard ending == nil else {
            lock.unlock()
            return
        }
        let subscription = self.subscription
        self.subscription = nil
        let waiting = self.waiting
        self.waiting = []
        // The completion goes to the first caller waiting, or else to the next one to ask.
        ending = waiting.isEmpty ? completion : .finished
        lock.unlock()
        if cancellingUpstream {
            subscription?.cancel()
        }
        for (index, continuation) in waiting.enumerated() {
            continuation.resume(returning: index == 0 ? Self.step(for: completion) : .success(nil))
        }
    }

    private static func step(for completion: Subscribers.Completion<Failure>) -> Step {
        switch completion {
        case .finished: return .success(nil)
        case .failure(let error): return .failure(error)
        }
    }
}

/// Owned only by a publisher's async iterators, so that dropping the last of them (leaving a
/// `for await` loop early) cancels the subscription instead of leaving it running.
internal final class AsyncIteration<Input, Failure: Error> {
    internal let subscriber = AsyncSubscriber<Input, Failure>()

    internal init<P: Publisher>(subscribingTo publisher: P) where P.Output == Input, P.Failure == Failure {
        publisher.subscribe(subscriber)
    }

    deinit {
        subscriber.cancel()
    }
}
