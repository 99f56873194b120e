import Combine
import Locking

// Exercise 1 · Cold publishers: a reference solution.
//
// Each "round" of sharing is a multicast through a CurrentValueSubject, connected by the first
// subscriber and cancelled by autoconnect() when the last one leaves. The subject keeps the latest
// value for latecomers; the request's completion never reaches it, or latecomers would get only
// that. A round ends when its subscribers have all gone or the request failed, and the next
// subscriber then starts a new round, with a new request and an empty subject.

extension Publisher {
    /// One upstream subscription for all the subscribers attached at the same time; a subscriber
    /// that arrives after a value gets the latest value at once, without a new subscription; and
    /// once every subscriber has cancelled, the next one subscribes upstream afresh.
    public func shareReplayingLatest() -> AnyPublisher<Output, Failure> {
        let rounds = SharingRounds(upstream: self)
        return Deferred { rounds.join() }.eraseToAnyPublisher()
    }
}

/// Hands each new subscriber the current round of sharing, starting a new one when there is none.
private final class SharingRounds<Upstream: Publisher> {
    private let upstream: Upstream
    private let current = Locked<
        (publisher: AnyPublisher<Upstream.Output, Upstream.Failure>, ended: Locked<Bool>)?
    >(nil)

    init(upstream: Upstream) {
        self.upstream = upstream
    }

    func join() -> AnyPublisher<Upstream.Output, Upstream.Failure> {
        current.withLock { current in
            if let round = current, !round.ended.withLock({ $0 }) { return round.publisher }
            let ended = Locked(false)
            let publisher =
                upstream
                .map(Optional.some)
                // The request finishing must not finish the subject: keep the round open instead.
                .append(Empty(completeImmediately: false))
                .handleEvents(
                    receiveCompletion: { _ in ended.withLock { $0 = true } },
                    // autoconnect() cancels the round's subscription when its last subscriber leaves.
                    receiveCancel: { ended.withLock { $0 = true } }
                )
                .multicast { CurrentValueSubject<Upstream.Output?, Upstream.Failure>(nil) }
                .autoconnect()
                .compactMap { $0 }
                .eraseToAnyPublisher()
            current = (publisher, ended)
            return publisher
        }
    }
}
