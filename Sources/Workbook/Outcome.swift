import Combine
import Locking

/// Subscribes to `publisher`, keeps every value it sends, and returns them once it finishes, or its
/// failure if it fails.
///
/// It is `nonisolated` on purpose: a data task publisher calls back on URLSession's delegate queue,
/// and code that belongs to no actor carries no isolation check that could trap there. The wait ends
/// only when the publisher completes, so give requests a timeout when a server might stay silent.
nonisolated public func outcome<Upstream: Publisher>(
    of publisher: Upstream
) async -> Result<[Upstream.Output], Upstream.Failure> where Upstream.Output: Sendable {
    await withCheckedContinuation { answer in
        publisher.subscribe(OutcomeCollector(answering: answer))
    }
}

/// Asks for every value, gathers them, and answers its continuation exactly once, on completion.
///
/// The collector keeps its subscription until the publisher completes. That reference is what keeps
/// the chain alive without an `AnyCancellable`, and completion drops it, so nothing outlives the wait.
private final class OutcomeCollector<Input: Sendable, Failure: Error>: Subscriber, Sendable {
    typealias Answer = CheckedContinuation<Result<[Input], Failure>, Never>

    private struct State {
        var received: [Input] = []
        var subscription: HeldSubscription?
        var answer: Answer?
    }

    private let state: Locked<State>

    init(answering answer: Answer) {
        state = Locked(State(answer: answer))
    }

    func receive(subscription: any Subscription) {
        state.withLock { $0.subscription = HeldSubscription(subscription: subscription) }
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        state.withLock { $0.received.append(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let (received, answer) = state.withLock { state in
            let finished = (state.received, state.answer)
            state = State()
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
