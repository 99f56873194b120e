import Combine
import Testing

/// `handleEvents` and `breakpoint` keep only their closures while subscribed, not the upstream publisher,
/// as Apple's do. Code written for Apple relies on it: a relay that finishes its subject when it goes away
/// must be able to go away while a subscriber is attached.
@Suite struct OperatorsUpstreamReleaseTests {
    /// A publisher whose subscribers are served by a subject that finishes when the relay is freed.
    private final class FinishingRelay: Publisher {
        typealias Output = Int
        typealias Failure = Never

        let subject = PassthroughSubject<Int, Never>()

        deinit {
            subject.send(completion: .finished)
        }

        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            subject.receive(subscriber: subscriber)
        }
    }

    /// Subscribes through `operation` to a relay held nowhere else, then lets go of the operator's
    /// publisher; returns what the sink saw once the relay was free to go.
    private func completionsAfterTheRelayIsDropped<P: Publisher>(
        _ operation: (FinishingRelay) -> P
    ) -> [Subscribers.Completion<Never>] where P.Output == Int, P.Failure == Never {
        let completions = Box<[Subscribers.Completion<Never>]>([])
        weak var weakRelay: FinishingRelay?
        var cancellable: AnyCancellable?
        do {
            let relay = FinishingRelay()
            weakRelay = relay
            cancellable = operation(relay).sink(
                receiveCompletion: { completion in completions.mutate { $0.append(completion) } },
                receiveValue: { _ in })
        }
        #expect(weakRelay == nil, "the subscription kept the upstream publisher alive")
        withExtendedLifetime(cancellable) {}
        return completions.value
    }

    // Apple: handleEvents's subscription holds its closures, not `Publishers.HandleEvents.upstream`.
    @Test func handleEventsLetsTheRelayGoSoItsFinishReachesTheSink() {
        let completions = completionsAfterTheRelayIsDropped { relay in
            relay.handleEvents(receiveOutput: { _ in })
        }
        #expect(completions == [.finished])
    }

    // Apple: breakpoint is handleEvents underneath, so it holds only its conditions too.
    @Test func breakpointLetsTheRelayGoSoItsFinishReachesTheSink() {
        let completions = completionsAfterTheRelayIsDropped { relay in
            relay.breakpoint(receiveOutput: { _ in false })
        }
        #expect(completions == [.finished])
    }
}
