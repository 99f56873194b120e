import Combine
import Foundation
import Testing

@Suite("Future")
struct PublishersFutureTests {
    /// A future whose promise the test keeps, to fulfil it when it wants.
    final class PendingFuture<Output, Failure: Error>: @unchecked Sendable {
        private(set) var promise: Future<Output, Failure>.Promise!
        private(set) var future: Future<Output, Failure>!
        private(set) var attempts = 0

        init() {
            future = Future { [self] promise in
                attempts += 1
                self.promise = promise
            }
        }
    }

    @Test func runsItsWorkOnceAtCreation() {
        var runs = 0
        let future = Future<Int, Never> { promise in
            runs += 1
            promise(.success(1))
        }
        #expect(runs == 1)
        future.subscribe(TestSubscriber<Int, Never>())
        future.subscribe(TestSubscriber<Int, Never>())
        #expect(runs == 1)
    }

    @Test func deliversTheValueThenFinishesOnceFulfilled() {
        let pending = PendingFuture<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        pending.future.subscribe(subscriber)
        #expect(subscriber.events.count == 1)
        pending.promise(.success(5))
        #expect(subscriber.values == [5])
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.subscriptionDescriptions == ["Future"])
    }

    @Test func onlyTheFirstPromiseCallCounts() {
        let pending = PendingFuture<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        pending.future.subscribe(subscriber)
        pending.promise(.success(1))
        pending.promise(.success(2))
        pending.promise(.failure(TestError()))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
        let late = TestSubscriber<Int, TestError>()
        pending.future.subscribe(late)
        #expect(late.values == [1])
    }

    @Test func aLateSubscriberGetsTheStoredOutcome() {
        let future = Future<Int, TestError> { $0(.failure(TestError(4))) }
        let subscriber = TestSubscriber<Int, TestError>()
        future.subscribe(subscriber)
        #expect(subscriber.completions == [.failure(TestError(4))])
        let another = TestSubscriber<Int, TestError>()
        future.subscribe(another)
        #expect(another.completions == [.failure(TestError(4))])
    }

    @Test func aValueWaitsForDemandButAFailureDoesNot() {
        let succeeding = Future<Int, TestError> { $0(.success(9)) }
        let waiting = TestSubscriber<Int, TestError>(initialDemand: .none)
        succeeding.subscribe(waiting)
        #expect(waiting.events.count == 1)
        waiting.request(.max(1))
        #expect(waiting.values == [9])
        #expect(waiting.completions == [.finished])

        let failing = Future<Int, TestError> { $0(.failure(TestError(2))) }
        let undemanding = TestSubscriber<Int, TestError>(initialDemand: .none)
        failing.subscribe(undemanding)
        #expect(undemanding.completions == [.failure(TestError(2))])
    }

    @Test func demandBeforeTheOutcomeIsKeptUntilItArrives() {
        let pending = PendingFuture<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        pending.future.subscribe(subscriber)
        pending.promise(.success(3))
        #expect(subscriber.values == [3])
    }

    @Test func aCancelledSubscriberReceivesNothing() {
        let pending = PendingFuture<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        pending.future.subscribe(subscriber)
        subscriber.cancel()
        pending.promise(.success(3))
        #expect(subscriber.events.count == 1)
    }

    @Test func everySubscriberGetsTheOutcomeExactlyOnceUnderConcurrency() {
        let pending = PendingFuture<Int, Never>()
        let future = Unchecked(pending.future!)
        let promise = Unchecked(pending.promise!)
        let subscribers = (0..<64).map { _ in TestSubscriber<Int, Never>() }
        let shared = Unchecked(subscribers)
        DispatchQueue.concurrentPerform(iterations: 65) { index in
            if index == 32 {
                promise.value(.success(8))
            } else {
                future.value.subscribe(shared.value[index > 32 ? index - 1 : index])
            }
        }
        for subscriber in subscribers {
            #expect(subscriber.values == [8])
            #expect(subscriber.completions == [.finished])
        }
    }

    @Test func releasesSubscribersOnceTheyAreServed() {
        let future = Future<Int, Never> { $0(.success(1)) }
        var subscriber: TestSubscriber<Int, Never>? = TestSubscriber()
        let weak = WeakBox(object: subscriber)
        future.subscribe(subscriber!)
        let subscription = subscriber?.subscription
        subscriber = nil
        #expect(weak.object == nil)
        withExtendedLifetime(subscription) {}
    }

    @Test func forgetsACancelledSubscriberBeforeTheOutcome() {
        let pending = PendingFuture<Int, Never>()
        var subscriber: TestSubscriber<Int, Never>? = TestSubscriber()
        let weak = WeakBox(object: subscriber)
        pending.future.subscribe(subscriber!)
        subscriber?.cancel()
        subscriber = nil
        #expect(weak.object == nil)
    }
}
