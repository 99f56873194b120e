import Combine
import Foundation
import Testing

@Suite("AnyPublisher, AnySubscriber and subscribing a subject")
struct CoreErasureTests {
    @Test func anyPublisherForwardsTheSubscriberToTheWrappedPublisher() {
        let erased = [1, 2, 3].publisher.eraseToAnyPublisher()
        let subscriber = TestSubscriber<Int, Never>()
        erased.subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.subscriptionDescriptions == ["[1, 2, 3]"])
    }

    @Test func anyPublisherSubscribesAfreshEachTime() {
        var created = 0
        let erased = Deferred { () -> Just<Int> in
            created += 1
            return Just(created)
        }.eraseToAnyPublisher()
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        erased.subscribe(first)
        erased.subscribe(second)
        #expect(first.values == [1])
        #expect(second.values == [2])
    }

    @Test func anyPublisherDescribesItselfAsAnyPublisher() {
        let erased = Just(1).eraseToAnyPublisher()
        #expect(erased.description == "AnyPublisher")
        #expect("\(erased.playgroundDescription)" == "AnyPublisher")
    }

    @Test func erasingAnAnyPublisherAgainDoesNotNest() {
        let once = Just(1).eraseToAnyPublisher()
        let twice = once.eraseToAnyPublisher()
        let wrapped = AnyPublisher(twice)
        #expect(boxTypeName(of: once) == boxTypeName(of: twice))
        #expect(boxTypeName(of: wrapped) == boxTypeName(of: once))
        #expect(boxTypeName(of: once).contains("Just<Int>"))
    }

    private func boxTypeName<Output, Failure>(of publisher: AnyPublisher<Output, Failure>) -> String {
        let box = Mirror(reflecting: publisher).children.first?.value
        return box.map { String(describing: type(of: $0)) } ?? "none"
    }

    @Test func anySubscriberForwardsEverythingAndKeepsTheIdentifier() {
        let inner = TestSubscriber<Int, TestError>(initialDemand: .max(1), demandPerValue: .max(2))
        let erased = AnySubscriber(inner)
        #expect(erased.combineIdentifier == inner.combineIdentifier)
        let subscription = TestSubscription()
        erased.receive(subscription: subscription)
        #expect(subscription.requests == [.max(1)])
        #expect(erased.receive(5) == .max(2))
        erased.receive(completion: .failure(TestError(9)))
        #expect(inner.values == [5])
        #expect(inner.completions == [.failure(TestError(9))])
    }

    @Test func anySubscriberDescribesTheSubscriberItWraps() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let erased = AnySubscriber(sink)
        #expect(erased.description == "Sink")
        #expect("\(erased.playgroundDescription)" == "Sink")
    }

    @Test func wrappingAnAnySubscriberAgainKeepsItAsItIs() {
        let erased = AnySubscriber<Int, Never>(receiveValue: { _ in .max(3) })
        let again = AnySubscriber(erased)
        #expect(again.combineIdentifier == erased.combineIdentifier)
        #expect(again.receive(1) == .max(3))
    }

    @Test func closureSubscriberCallsItsClosuresAndAsksForNothingWithoutOne() {
        var log: [String] = []
        let full = AnySubscriber<Int, Never>(
            receiveSubscription: { log.append("subscription \($0)") },
            receiveValue: { value in
                log.append("value \(value)")
                return .max(1)
            },
            receiveCompletion: { log.append("completion \($0)") }
        )
        full.receive(subscription: Subscriptions.empty)
        #expect(full.receive(4) == .max(1))
        full.receive(completion: .finished)
        #expect(log == ["subscription Empty", "value 4", "completion finished"])
        let empty = AnySubscriber<Int, Never>()
        empty.receive(subscription: Subscriptions.empty)
        #expect(empty.receive(1) == .none)
        empty.receive(completion: .finished)
        #expect(empty.description == "Anonymous AnySubscriber")
    }

    @Test func closureSubscribersHaveDistinctIdentifiers() {
        let first = AnySubscriber<Int, Never>()
        let second = AnySubscriber<Int, Never>()
        #expect(first.combineIdentifier != second.combineIdentifier)
    }

    @Test func anySubscriberOfASubjectFeedsTheSubject() {
        let subject = PassthroughSubject<Int, TestError>()
        let downstream = TestSubscriber<Int, TestError>()
        subject.subscribe(downstream)
        let erased = AnySubscriber(subject)
        #expect(erased.combineIdentifier == CombineIdentifier(subject))
        let upstream = TestSubscription()
        erased.receive(subscription: upstream)
        #expect(upstream.requests == [.unlimited])
        #expect(erased.receive(1) == .none)
        erased.receive(completion: .failure(TestError(2)))
        #expect(downstream.values == [1])
        #expect(downstream.completions == [.failure(TestError(2))])
    }

    @Test func subscribingASubjectForwardsValuesAndCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        let downstream = TestSubscriber<Int, Never>()
        subject.subscribe(downstream)
        let cancellable = [1, 2, 3].publisher.subscribe(subject)
        #expect(downstream.values == [1, 2, 3])
        #expect(downstream.completions == [.finished])
        withExtendedLifetime(cancellable) {}
    }

    @Test func cancellingASubjectConnectionCancelsUpstreamAndStopsForwarding() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        let subject = PassthroughSubject<Int, Never>()
        let downstream = TestSubscriber<Int, Never>()
        subject.subscribe(downstream)
        let cancellable = upstream.subscribe(subject)
        #expect(upstream.subscription?.requests == [.unlimited])
        upstream.send(1)
        cancellable.cancel()
        cancellable.cancel()
        upstream.send(2)
        upstream.send(completion: .finished)
        #expect(downstream.values == [1])
        #expect(downstream.completions.isEmpty)
        #expect(upstream.subscription?.cancelCount == 1)
    }

    // Apple: the connection holds its subject weakly (OpenCombine's pull request 187, "This is how it is
    // in Combine"); the subject, going, cancels the connection's upstream subscription.
    @Test func theSubjectConnectionDoesNotKeepTheSubjectAlive() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
        let weak = WeakBox(object: subject)
        let cancellable = upstream.subscribe(subject!)
        subject = nil
        #expect(weak.object == nil)
        #expect(upstream.subscription?.cancelCount == 1)
        withExtendedLifetime(cancellable) {}
    }

    @Test func theSubjectConnectionDescribesItselfAsSubject() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        let spy = SubscriptionCatchingSubject()
        let cancellable = upstream.subscribe(spy)
        #expect(spy.subscriptions.map(\.description) == ["Subject"])
        withExtendedLifetime(cancellable) {}
    }

    /// A subject that only records the subscriptions it is sent.
    final class SubscriptionCatchingSubject: Subject {
        typealias Output = Int
        typealias Failure = Never

        var subscriptions: [any Subscription & CustomStringConvertible] = []

        func send(_ value: Int) {}
        func send(completion: Subscribers.Completion<Never>) {}

        func send(subscription: Subscription) {
            if let described = subscription as? any Subscription & CustomStringConvertible {
                subscriptions.append(described)
            }
        }

        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
    }

    @Test func voidSubjectsAndSubscribersTakeAValueWithoutArguments() {
        let subject = PassthroughSubject<Void, Never>()
        let downstream = TestSubscriber<Void, Never>(initialDemand: .unlimited, demandPerValue: .max(1))
        subject.subscribe(downstream)
        subject.send()
        #expect(downstream.values.count == 1)
        #expect(downstream.receive() == .max(1))
    }
}
