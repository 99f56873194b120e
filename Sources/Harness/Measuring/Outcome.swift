import Combine
import Locking

/// Subscribes to `publisher`, keeps every value it sends, and returns them once it finishes, or its
/// failure if it fails.
///
/// It is `nonisolated` on purpose: a data task publisher calls back on URLSession's delegate queue,
/// and code that belongs to no actor carries no isolation check that could trap there.
///
/// The wait ends when the publisher completes or when the waiting task is cancelled, which is how
/// the chapter runner ends a rule that passed its deadline; a cancelled wait cancels the
/// subscription and returns the values so far as if the publisher had finished.
nonisolated public func outcome<Upstream: Publisher>(
    of publisher: Upstream
) async -> Result<[Upstream.Output], Upstream.Failure> where Upstream.Output: Sendable {
    let collector = OutcomeCollector<Upstream.Output, Upstream.Failure>()
    return await withTaskCancellationHandler {
        await withCheckedContinuation { answer in
            collector.answer(answer)
            publisher.subscribe(collector)
        }
    } onCancel: {
        collector.abandon()
    }
}

/// Asks for every value, gathers them, and answers its continuation exactly once: on completion, or
/// when abandoned.
///
/// The collector keeps its subscription until the publisher completes. That reference is what keeps
/// the chain alive without an `AnyCancellable`, and completion drops it, so nothing outlives the wait.
private final class OutcomeCollector<Input: Sendable, Failure: Error>: Subscriber, Sendable {
    typealias Answer = CheckedContinuation<Result<[Input], Failure>, Never>

    private struct State {
        var received: [Input] = []
        var subscription: HeldSubscription?
        var answer: Answer?
        var abandoned = false
    }

    private let state = Locked(State())

    /// Sets the continuation to answer; answers it at once if the wait was abandoned before.
    func answer(_ answer: Answer) {
        let abandonedAlready = state.withLock { state in
            state.answer = answer
            return state.abandoned
        }
        if abandonedAlready { abandon() }
    }

    /// Cancels the subscription and answers with the values so far.
    func abandon() {
        let (subscription, received, answer) = state.withLock { state in
            state.abandoned = true
            let taken = (state.subscription, state.received, state.answer)
            (state.subscription, state.answer) = (nil, nil)
            return taken
        }
        subscription?.subscription.cancel()
        answer?.resume(returning: .success(received))
    }

    func receive(subscription: any Subscription) {
        let abandoned = state.withLock { state in
            if !state.abandoned { state.subscription = HeldSubscription(subscription: subscription) }
            return state.abandoned
        }
        guard !abandoned else { return subscription.cancel() }
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        state.withLock { $0.received.append(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let (received, answer) = state.withLock { state in
            let finished = (state.received, state.answer)
            state = State(abandoned: state.abandoned)
            return finished
        }
        switch completion {
        case .finished: answer?.resume(returning: .success(received))
        case .failure(let failure): answer?.resume(returning: .failure(failure))
        }
    }
}

/// A subscription kept only so that it stays alive.
///
/// Combine requires `request(_:)` and `cancel()` to be safe from any thread, so holding one across
/// threads is sound, though the protocol (as in Apple's module) is not marked `Sendable`.
private struct HeldSubscription: @unchecked Sendable {
    let subscription: any Subscription
}
