import Combine
import Foundation
import Testing

@Suite("Multicast, Autoconnect, MakeConnectable and Share")
struct SubjectsSharingTests {
    /// Passes subscribers on to `upstream`, counting how many times it was subscribed.
    final class CountingPublisher<Upstream: Publisher>: Publisher, @unchecked Sendable {
        typealias Output = Upstream.Output
        typealias Failure = Upstream.Failure

        private let lock = NSLock()
        private var count = 0
        private let upstream: Upstream

        init(_ upstream: Upstream) {
            self.upstream = upstream
        }

        var subscriptions: Int { lock.withLock { count } }

        func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lock.withLock { count += 1 }
            upstream.subscribe(subscriber)
        }
    }

    @Test func multicastWaitsForConnectThenFeedsEverySubscriberFromOneSubscription() {
        let upstream = CountingPublisher([1, 2].publisher)
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        multicast.subscribe(first)
        multicast.subscribe(second)
        #expect(upstream.subscriptions == 0)
        #expect(first.values.isEmpty)
        let connection = multicast.connect()
        #expect(upstream.subscriptions == 1)
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
        #expect(first.completions == [.finished])
        #expect(first.subscriptionDescriptions == ["Multicast"])
        withExtendedLifetime(connection) {}
    }

    @Test func multicastMakesItsSubjectOnce() {
        var made = 0
        let multicast = Just(1).multicast { () -> PassthroughSubject<Int, Never> in
            made += 1
            return PassthroughSubject()
        }
        multicast.subscribe(TestSubscriber<Int, Never>())
        multicast.subscribe(TestSubscriber<Int, Never>())
        let connection = multicast.connect()
        #expect(made == 1)
        withExtendedLifetime(connection) {}
    }

    @Test func multicastThroughAGivenSubjectUsesThatSubject() {
        let subject = PassthroughSubject<Int, Never>()
        let upstream = PassthroughSubject<Int, Never>()
        let multicast = upstream.multicast(subject: subject)
        let subscriber = TestSubscriber<Int, Never>()
        multicast.subscribe(subscriber)
        let connection = multicast.connect()
        subject.send(5)
        upstream.send(6)
        #expect(subscriber.values == [5, 6])
        withExtendedLifetime(connection) {}
    }

    @Test func cancellingTheConnectionStopsTheUpstream() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let subscriber = TestSubscriber<Int, Never>()
        multicast.subscribe(subscriber)
        let connection = multicast.connect()
        upstream.send(1)
        connection.cancel()
        upstream.send(2)
        #expect(subscriber.values == [1])
        #expect(upstream.subscription?.cancelCount == 1)
    }

    @Test func aMulticastSubscriberHonoursItsOwnDemand() {
        let upstream = PassthroughSubject<Int, Never>()
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        multicast.subscribe(subscriber)
        let connection = multicast.connect()
        upstream.send(1)
        upstream.send(2)
        subscriber.request(.max(1))
        upstream.send(3)
        #expect(subscriber.values == [1, 3])
        withExtendedLifetime(connection) {}
    }

    @Test func makeConnectableSendsNothingUntilConnected() {
        let upstream = CountingPublisher([7].publisher)
        let connectable = upstream.makeConnectable()
        let subscriber = TestSubscriber<Int, Never>()
        connectable.subscribe(subscriber)
        #expect(upstream.subscriptions == 0)
        let connection = connectable.connect()
        #expect(subscriber.values == [7])
        #expect(upstream.subscriptions == 1)
        withExtendedLifetime(connection) {}
    }

    @Test func autoconnectConnectsForTheFirstSubscriberAndDisconnectsAfterTheLast() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        let shared = upstream.makeConnectable().autoconnect()
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        shared.subscribe(first)
        #expect(upstream.subscribeCount == 1)
        shared.subscribe(second)
        #expect(upstream.subscribeCount == 1)
        upstream.send(1)
        first.cancel()
        #expect(upstream.subscription?.cancelCount == 0)
        upstream.send(2)
        second.cancel()
        #expect(upstream.subscription?.cancelCount == 1)
        #expect(first.values == [1])
        #expect(second.values == [1, 2])
        shared.subscribe(TestSubscriber<Int, Never>())
        #expect(upstream.subscribeCount == 2)
    }

    @Test func aSecondCancelOfTheSameSubscriberDoesNotCountTwice() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        let shared = upstream.makeConnectable().autoconnect()
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        shared.subscribe(first)
        shared.subscribe(second)
        let subscription = first.subscription
        subscription?.cancel()
        subscription?.cancel()
        #expect(upstream.subscription?.cancelCount == 0)
    }

    @Test func shareMakesOneUpstreamSubscriptionForEverySubscriber() {
        let upstream = PassthroughSubject<Int, Never>()
        let counting = CountingPublisher(upstream)
        let shared = counting.share()
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        shared.subscribe(first)
        shared.subscribe(second)
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(counting.subscriptions == 1)
        #expect(first.values == [1])
        #expect(second.values == [1])
        #expect(first.completions == [.finished])
        #expect(second.completions == [.finished])
        #expect(first.subscriptionDescriptions == ["Multicast"])
    }

    @Test func aLateShareSubscriberGetsOnlyTheCompletionAndNoNewSubscription() {
        let upstream = CountingPublisher([1, 2, 3].publisher)
        let shared = upstream.share()
        let early = TestSubscriber<Int, Never>()
        shared.subscribe(early)
        #expect(early.values == [1, 2, 3])
        let late = TestSubscriber<Int, Never>()
        shared.subscribe(late)
        #expect(late.values.isEmpty)
        #expect(late.completions == [.finished])
        #expect(upstream.subscriptions == 1)
    }

    @Test func sharesAreEqualOnlyToThemselves() {
        let upstream = Just(1)
        let shared = upstream.share()
        #expect(shared == shared)
        #expect(shared != upstream.share())
        #expect(shared.upstream == upstream)
    }

    @Test func concurrentShareSubscribersConnectOnlyOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let upstream = CountingPublisher(subject)
        let shared = upstream.share()
        let subscribers = (0..<32).map { _ in TestSubscriber<Int, Never>() }
        let sharedSubscribers = Unchecked((shared, subscribers))
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            sharedSubscribers.value.0.subscribe(sharedSubscribers.value.1[index])
        }
        #expect(upstream.subscriptions == 1)
        subject.send(4)
        for subscriber in subscribers {
            #expect(subscriber.values == [4])
        }
    }

    @Test func aFinishedShareLetsGoOfItsSubscribers() {
        let upstream = PassthroughSubject<Int, Never>()
        var shared: Publishers.Share<PassthroughSubject<Int, Never>>? = upstream.share()
        let weakShare = WeakBox(object: shared)
        var subscriber: TestSubscriber<Int, Never>? = TestSubscriber()
        let weakSubscriber = WeakBox(object: subscriber)
        shared?.subscribe(subscriber!)
        let subscription = subscriber?.subscription
        shared = nil
        subscriber = nil
        #expect(weakSubscriber.object != nil)
        upstream.send(completion: .finished)
        #expect(weakSubscriber.object == nil)
        #expect(weakShare.object == nil)
        withExtendedLifetime(subscription) {}
    }
}
