import Combine
import Foundation
import Testing

@Suite("PassthroughSubject")
struct SubjectsPassthroughTests {
    @Test func passesValuesToEverySubscriberThenCompletes() {
        let subject = PassthroughSubject<Int, TestError>()
        let first = TestSubscriber<Int, TestError>()
        let second = TestSubscriber<Int, TestError>()
        subject.subscribe(first)
        subject.send(1)
        subject.subscribe(second)
        subject.send(2)
        subject.send(completion: .failure(TestError(3)))
        #expect(first.values == [1, 2])
        #expect(second.values == [2])
        #expect(first.completions == [.failure(TestError(3))])
        #expect(second.completions == [.failure(TestError(3))])
    }

    @Test func describesItsSubscriptionsAsPassthroughSubject() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        #expect(subscriber.subscriptionDescriptions == ["PassthroughSubject"])
    }

    @Test func aSubscriberNeverGetsMoreThanItAskedForAndMissesValuesSentWithoutDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let limited = TestSubscriber<Int, Never>(initialDemand: .max(2))
        let unlimited = TestSubscriber<Int, Never>()
        subject.subscribe(limited)
        subject.subscribe(unlimited)
        for value in 1...4 { subject.send(value) }
        #expect(limited.values == [1, 2])
        limited.request(.max(1))
        #expect(limited.values == [1, 2])
        subject.send(5)
        subject.send(6)
        #expect(limited.values == [1, 2, 5])
        #expect(unlimited.values == [1, 2, 3, 4, 5, 6])
    }

    @Test func demandReturnedFromReceiveCounts() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        subject.subscribe(subscriber)
        for value in 1...3 { subject.send(value) }
        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func completesOnceAndTellsLateSubscribersOnlyTheCompletion() {
        let subject = PassthroughSubject<Int, TestError>()
        let early = TestSubscriber<Int, TestError>()
        subject.subscribe(early)
        subject.send(completion: .finished)
        subject.send(completion: .failure(TestError()))
        subject.send(1)
        #expect(early.completions == [.finished])
        #expect(early.values.isEmpty)
        let late = TestSubscriber<Int, TestError>(initialDemand: .none)
        subject.subscribe(late)
        #expect(late.completions == [.finished])
        #expect(late.subscriptionDescriptions == ["Empty"])
    }

    @Test func nothingArrivesAfterCancel() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(1)
        let subscription = subscriber.subscription
        subscriber.cancel()
        subscription?.cancel()
        subscription?.request(.max(1))
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
    }

    @Test func cancellingFromInsideReceiveStopsThatSubscriberOnly() {
        let subject = PassthroughSubject<Int, Never>()
        let quitter = TestSubscriber<Int, Never>()
        let stayer = TestSubscriber<Int, Never>()
        quitter.onValue { _ in quitter.cancel() }
        subject.subscribe(quitter)
        subject.subscribe(stayer)
        subject.send(1)
        subject.send(2)
        #expect(quitter.values == [1])
        #expect(stayer.values == [1, 2])
    }

    @Test func sendingFromInsideReceiveDeliversTheNestedValueAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        var order: [String] = []
        subscriber.onValue { value in
            order.append("enter \(value)")
            if value == 1 { subject.send(2) }
            order.append("leave \(value)")
        }
        subject.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.values == [1, 2])
        #expect(order == ["enter 1", "enter 2", "leave 2", "leave 1"])
    }

    @Test func completingFromInsideReceiveEndsEveryone() {
        let subject = PassthroughSubject<Int, Never>()
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        first.onValue { _ in subject.send(completion: .finished) }
        subject.subscribe(first)
        subject.subscribe(second)
        subject.send(1)
        subject.send(2)
        #expect(first.values == [1])
        #expect(second.values.isEmpty)
        #expect(first.completions == [.finished])
        #expect(second.completions == [.finished])
    }

    @Test func theOnlySubscriberCompletingTheSubjectFromInsideReceiveGetsOneCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue { _ in
            subject.send(completion: .finished)
            subject.send(99)
        }
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
    }

    @Test func subscribingFromInsideReceiveJoinsForLaterValues() {
        let subject = PassthroughSubject<Int, Never>()
        let first = TestSubscriber<Int, Never>()
        let joiner = TestSubscriber<Int, Never>()
        first.onValue { value in
            if value == 1 { subject.subscribe(joiner) }
        }
        subject.subscribe(first)
        subject.send(1)
        subject.send(2)
        #expect(first.values == [1, 2])
        #expect(joiner.values == [2])
    }

    @Test func concurrentSendsAreAllDeliveredOneAtATime() {
        let subject = PassthroughSubject<Int, Never>()
        let overlaps = OverlappingCallCounter()
        let subscribers = (0..<3).map { _ in TestSubscriber<Int, Never>() }
        for subscriber in subscribers {
            subscriber.onValue { _ in overlaps.run() }
            subject.subscribe(subscriber)
        }
        let shared = Unchecked(subject)
        DispatchQueue.concurrentPerform(iterations: 1_000) { shared.value.send($0) }
        for subscriber in subscribers {
            #expect(subscriber.values.sorted() == Array(0..<1_000))
        }
        #expect(overlaps.count == 0)
    }

    @Test func eachSendersValuesArriveInTheOrderItSentThem() {
        let subject = PassthroughSubject<(sender: Int, step: Int), Never>()
        let subscriber = TestSubscriber<(sender: Int, step: Int), Never>()
        subject.subscribe(subscriber)
        let shared = Unchecked(subject)
        DispatchQueue.concurrentPerform(iterations: 8) { sender in
            for step in 0..<200 { shared.value.send((sender, step)) }
        }
        let received = subscriber.values
        #expect(received.count == 8 * 200)
        for sender in 0..<8 {
            #expect(received.filter { $0.sender == sender }.map(\.step) == Array(0..<200))
        }
    }

    @Test func concurrentSendsNeverExceedALimitedDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(10))
        subject.subscribe(subscriber)
        let shared = Unchecked(subject)
        DispatchQueue.concurrentPerform(iterations: 500) { shared.value.send($0) }
        #expect(subscriber.values.count == 10)
    }

    @Test func subscribersJoiningAndLeavingDuringConcurrentSendsAreSafe() {
        let subject = PassthroughSubject<Int, Never>()
        let steady = TestSubscriber<Int, Never>()
        subject.subscribe(steady)
        let shared = Unchecked(subject)
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            if index.isMultiple(of: 4) {
                let visitor = TestSubscriber<Int, Never>()
                shared.value.subscribe(visitor)
                shared.value.send(index)
                visitor.cancel()
            } else {
                shared.value.send(index)
            }
        }
        #expect(steady.values.count == 400)
    }

    @Test func aCompletionNeverOvertakesValuesAndArrivesOnce() {
        for _ in 0..<20 {
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = TestSubscriber<Int, Never>()
            subject.subscribe(subscriber)
            let shared = Unchecked(subject)
            DispatchQueue.concurrentPerform(iterations: 50) { index in
                if index == 25 { shared.value.send(completion: .finished) } else { shared.value.send(index) }
            }
            let events = subscriber.events
            #expect(subscriber.completions == [.finished])
            if case .completion = events.last {
            } else {
                Issue.record("the completion was not the last event")
            }
        }
    }

    @Test func aCompletedSubjectLetsGoOfItsSubscribers() {
        let subject = PassthroughSubject<Int, Never>()
        var subscriber: TestSubscriber<Int, Never>? = TestSubscriber()
        let weak = WeakBox(object: subscriber)
        subject.subscribe(subscriber!)
        subscriber?.cancel()
        subscriber = nil
        #expect(weak.object == nil)

        var finishing: TestSubscriber<Int, Never>? = TestSubscriber()
        let weakFinishing = WeakBox(object: finishing)
        subject.subscribe(finishing!)
        let subscription = finishing?.subscription
        subject.send(completion: .finished)
        finishing = nil
        #expect(weakFinishing.object == nil)
        withExtendedLifetime(subscription) {}
    }

    // Apple: a subject's subscription holds the subject until it ends (its mirror's `parent`, `nil` once
    // ended: OpenCombine's `PassthroughSubjectTests.testConduitReflection`).
    @Test func theSubjectIsFreedOnceItsSubscriptionsEnd() {
        var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
        let weak = WeakBox(object: subject)
        let cancellable = subject?.sink { _ in }
        subject = nil
        #expect(weak.object != nil)
        cancellable?.cancel()
        #expect(weak.object == nil)
    }

    /// Only the subject holds this subscriber; inside `receive` it cancels, then goes on working.
    final class SelfCancellingSubscriber: Subscriber {
        final class Log {
            var values: [Int] = []
        }

        let log: Log
        var subscription: Subscription?

        init(log: Log) {
            self.log = log
        }

        func receive(subscription: Subscription) {
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            subscription?.cancel()
            subscription = nil
            log.values.append(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {}
    }

    @Test func aSubscriberCancellingInsideReceiveLivesUntilItReturnsThenIsReleased() {
        let subject = PassthroughSubject<Int, Never>()
        let log = SelfCancellingSubscriber.Log()
        var subscriber: SelfCancellingSubscriber? = SelfCancellingSubscriber(log: log)
        let weak = WeakBox(object: subscriber)
        subject.subscribe(subscriber!)
        subscriber = nil
        #expect(weak.object != nil)
        subject.send(1)
        #expect(log.values == [1])
        #expect(weak.object == nil)
        subject.send(2)
        #expect(log.values == [1])
    }
}

/// What a subject's subscription shows to `dump` or a debugger, as Apple's does.
@Suite struct SubjectsReflectionTests {
    // Apple: parent, downstream, demand and subject; all but the demand are nil once it has ended.
    @Test func aSubjectSubscriptionShowsItsSubjectDownstreamAndDemand() throws {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        subject.subscribe(subscriber)
        let held = try #require(subscriber.subscription)
        let subscription = try #require(behindIntrospection(held) as? CustomReflectable)

        let live = subscription.customMirror.children.map { "\($0.label ?? "-")=\($0.value)" }
        #expect(live.map { $0.prefix { $0 != "=" } } == ["parent", "downstream", "demand", "subject"])
        #expect(live[0].contains("PassthroughSubject") && live[2] == "demand=max(3)")

        subscriber.cancel()
        let ended = subscription.customMirror.children.map { "\($0.label ?? "-")=\($0.value)" }
        #expect(ended == ["parent=nil", "downstream=nil", "demand=max(3)", "subject=nil"])
    }
}
