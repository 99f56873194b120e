import Combine
import Dispatch
import Harness
import Locking
import Synchronization
import Testing
import TimeControl

@Suite("outcome(of:)")
struct OutcomeTests {
    private enum Trouble: Error, Equatable { case boom }

    @Test func returnsEveryValueOnceThePublisherFinishes() async {
        #expect(await outcome(of: [1, 2, 3].publisher) == .success([1, 2, 3]))
    }

    @Test func returnsAnEmptyListForAPublisherThatOnlyFinishes() async {
        #expect(await outcome(of: Empty<Int, Never>()) == .success([]))
    }

    @Test func returnsTheFailureInsteadOfTheValues() async {
        #expect(await outcome(of: Fail<Int, Trouble>(error: .boom)) == .failure(.boom))
    }

    @Test func waitsForValuesThatArriveLaterOnAnotherThread() async {
        let numbers = NumbersFromABackgroundQueue(count: 5)
        #expect(await outcome(of: numbers) == .success([1, 2, 3, 4, 5]))
    }

    @Test func letsTheSubscriptionGoOnceItCompletes() async {
        let numbers = NumbersFromABackgroundQueue(count: 2)
        _ = await outcome(of: numbers)
        #expect(numbers.subscriptionsMade == 1)
        #expect(await until { numbers.liveSubscriptions == 0 })
    }
}

/// Sends 1...count from a background queue once asked, then finishes, and keeps a weak reference
/// to each subscription it made so a test can see whether anything still holds it.
private final class NumbersFromABackgroundQueue: Publisher, Sendable {
    typealias Output = Int
    typealias Failure = Never

    private let count: Int
    private let made = Locked<[WeakSubscription]>([])

    init(count: Int) {
        self.count = count
    }

    var subscriptionsMade: Int { made.withLock { $0.count } }
    var liveSubscriptions: Int { made.withLock { $0.filter { $0.subscription != nil }.count } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let subscription = Numbers(count: count, downstream: AnySubscriber(subscriber))
        made.withLock { $0.append(WeakSubscription(subscription: subscription)) }
        subscriber.receive(subscription: subscription)
    }

    private struct WeakSubscription {
        weak var subscription: AnyObject?
    }

    private final class Numbers: Subscription, @unchecked Sendable {
        private let count: Int
        private let downstream: AnySubscriber<Int, Never>
        private let started = Atomic<Bool>(false)

        init(count: Int, downstream: AnySubscriber<Int, Never>) {
            self.count = count
            self.downstream = downstream
        }

        func request(_ demand: Subscribers.Demand) {
            guard !started.exchange(true, ordering: .relaxed) else { return }
            DispatchQueue.global().async { [self] in
                for number in 1...count {
                    _ = downstream.receive(number)
                }
                downstream.receive(completion: .finished)
            }
        }

        func cancel() {}
    }
}
