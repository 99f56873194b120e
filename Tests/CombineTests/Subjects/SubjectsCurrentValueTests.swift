import Combine
import Foundation
import Testing

@Suite("CurrentValueSubject")
struct SubjectsCurrentValueTests {
    @Test func givesTheCurrentValueOnFirstDemandThenEverySentValue() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(2)
        subject.value = 3
        #expect(subscriber.values == [1, 2, 3])
        #expect(subject.value == 3)
        #expect(subscriber.subscriptionDescriptions == ["CurrentValueSubject"])
    }

    @Test func waitsForDemandAndThenGivesTheValueCurrentAtThatMoment() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        subject.subscribe(subscriber)
        subject.send(2)
        subject.send(3)
        #expect(subscriber.values.isEmpty)
        subscriber.request(.max(1))
        #expect(subscriber.values == [3])
        subject.send(4)
        #expect(subscriber.values == [3])
        subscriber.request(.max(1))
        #expect(subscriber.values == [3, 4])
        subscriber.request(.max(1))
        #expect(subscriber.values == [3, 4])
        subject.send(5)
        #expect(subscriber.values == [3, 4, 5])
    }

    @Test func aLimitedSubscriberNeverGetsMoreThanItAskedFor() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        subject.subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        #expect(subscriber.values == [0, 1])
    }

    @Test func completesOnceAndTellsLateSubscribersOnlyTheCompletion() {
        let subject = CurrentValueSubject<Int, TestError>(1)
        let early = TestSubscriber<Int, TestError>()
        subject.subscribe(early)
        subject.send(completion: .failure(TestError(2)))
        subject.send(completion: .finished)
        subject.send(9)
        #expect(early.values == [1])
        #expect(early.completions == [.failure(TestError(2))])
        let late = TestSubscriber<Int, TestError>()
        subject.subscribe(late)
        #expect(late.values.isEmpty)
        #expect(late.completions == [.failure(TestError(2))])
    }

    @Test func nothingArrivesAfterCancel() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue { value in
            if value == 1 { subscriber.cancel() }
        }
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        #expect(subscriber.values == [0, 1])
    }

    @Test func readingTheValueFromInsideReceiveWorks() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>()
        var seen: [Int] = []
        subscriber.onValue { _ in seen.append(subject.value) }
        subject.subscribe(subscriber)
        subject.send(1)
        #expect(seen == [0, 1])
    }

    @Test func concurrentSendsAreAllDeliveredOneAtATime() {
        let subject = CurrentValueSubject<Int, Never>(-1)
        let subscriber = TestSubscriber<Int, Never>()
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { _ in overlaps.run() }
        subject.subscribe(subscriber)
        let shared = Unchecked(subject)
        DispatchQueue.concurrentPerform(iterations: 1_000) { shared.value.send($0) }
        #expect(subscriber.values.sorted() == Array(-1..<1_000))
        #expect(overlaps.count == 0)
    }
}
