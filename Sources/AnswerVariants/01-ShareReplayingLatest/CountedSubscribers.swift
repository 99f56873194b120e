import Combine
import Locking

/// Right, another way: the subscribers are counted by hand. The first one starts a round, a
/// `CurrentValueSubject` fed by a sink on the request that passes on values and failures but not
/// the request's finishing; the last one to cancel ends the round, so the next one starts afresh.
final class CountedSubscribers<Upstream: Publisher>: @unchecked Sendable {
    private typealias Subject = CurrentValueSubject<Upstream.Output?, Upstream.Failure>

    /// The current round: its subject, the request feeding it, and how many subscribers it has.
    private struct Round {
        let subject: Subject
        var feed: AnyCancellable?
        var subscribers: Int
    }

    private let upstream: Upstream
    private let round = Locked<Round?>(nil)

    init(_ upstream: Upstream) {
        self.upstream = upstream
    }

    var publisher: AnyPublisher<Upstream.Output, Upstream.Failure> {
        Deferred { [self] in
            let subject = join()
            return subject.compactMap { $0 }.handleEvents(receiveCancel: { [self] in leave(subject) })
        }
        .eraseToAnyPublisher()
    }

    /// Counts one more subscriber of the current round, starting one if there is none.
    private func join() -> Subject {
        let (subject, isNew) = round.withLock { round in
            if round == nil { round = Round(subject: Subject(nil), subscribers: 0) }
            round?.subscribers += 1
            return (round!.subject, round!.subscribers == 1)
        }
        guard isNew else { return subject }
        let feed = upstream.sink(
            receiveCompletion: { [self] completion in
                guard case .failure = completion else { return }
                subject.send(completion: completion)
                end(subject)
            },
            receiveValue: { value in subject.send(value) })
        round.withLock { round in
            if round?.subject === subject { round?.feed = feed }
        }
        return subject
    }

    /// Counts one subscriber of `subject`'s round fewer, ending the round when none is left.
    private func leave(_ subject: Subject) {
        let ended = round.withLock { round -> AnyCancellable? in
            guard round?.subject === subject else { return nil }
            round?.subscribers -= 1
            guard round?.subscribers == 0 else { return nil }
            defer { round = nil }
            return round?.feed
        }
        ended?.cancel()
    }

    /// Ends `subject`'s round at once, as a failed request does.
    private func end(_ subject: Subject) {
        round.withLock { round in
            if round?.subject === subject { round = nil }
        }
    }
}
