import Combine
import Foundation
import Testing

@Suite("Publishers.Sequence")
struct PublishersSequenceTests {
    @Test func sendsEveryElementThenFinishes() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 3].publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.finished])
    }

    @Test func describesItsSubscriptionByTheElements() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        [1, 2, 3].publisher.subscribe(subscriber)
        #expect(subscriber.subscriptionDescriptions == ["[1, 2, 3]"])
        let range = TestSubscriber<Int, Never>(initialDemand: .none)
        (0..<3).publisher.subscribe(range)
        #expect(range.subscriptionDescriptions == ["0..<3"])
    }

    @Test func anEmptySequenceFinishesAtOnceWithoutDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        [Int]().publisher.subscribe(subscriber)
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.subscriptionDescriptions == ["Empty"])
    }

    @Test func honoursDemandExactlyAndFinishesRightAfterTheLastElement() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 3, 4, 5].publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions.isEmpty)
        subscriber.request(.max(2))
        #expect(subscriber.values == [1, 2, 3, 4, 5])
        #expect(subscriber.completions == [.finished])
    }

    @Test func demandReturnedFromReceiveAddsToTheCount() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        (1...4).publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3, 4])
        #expect(subscriber.completions == [.finished])
    }

    @Test func aRequestFromInsideReceiveIsServedByTheRunningLoop() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        var depth = 0
        var deepest = 0
        subscriber.onValue { value in
            depth += 1
            deepest = max(deepest, depth)
            if value < 3 { subscriber.request(.max(1)) }
            depth -= 1
        }
        [1, 2, 3, 4].publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3])
        #expect(deepest == 1)
    }

    @Test func cancellingFromInsideReceiveStopsTheLoop() {
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue { value in
            if value == 2 { subscriber.cancel() }
        }
        (1...100).publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty)
    }

    @Test func nothingArrivesAfterCancel() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2, 3].publisher.subscribe(subscriber)
        let subscription = subscriber.subscription
        subscriber.cancel()
        subscription?.request(.unlimited)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
    }

    @Test func concurrentRequestsDeliverEachElementOnceAndNeverOverlap() {
        let count = 2_000
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { _ in overlaps.run() }
        (0..<count).publisher.subscribe(subscriber)
        let subscription = Unchecked(subscriber.subscription!)
        DispatchQueue.concurrentPerform(iterations: count) { _ in subscription.value.request(.max(1)) }
        #expect(subscriber.values == Array(0..<count))
        #expect(subscriber.completions == [.finished])
        #expect(overlaps.count == 0)
    }

    @Test func releasesTheSubscriberOnCompletionAndOnCancel() {
        var finished: TestSubscriber<Int, Never>? = TestSubscriber()
        let weakFinished = WeakBox(object: finished)
        [1].publisher.subscribe(finished!)
        let kept = finished?.subscription
        finished = nil
        #expect(weakFinished.object == nil)

        var cancelled: TestSubscriber<Int, Never>? = TestSubscriber(initialDemand: .none)
        let weakCancelled = WeakBox(object: cancelled)
        [1].publisher.subscribe(cancelled!)
        let subscription = cancelled?.subscription
        subscription?.cancel()
        cancelled = nil
        #expect(weakCancelled.object == nil)
        withExtendedLifetime((kept, subscription)) {}
    }

    @Test func subscribesAfreshForEachSubscriber() {
        let publisher = [1, 2].publisher
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        publisher.subscribe(first)
        publisher.subscribe(second)
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
    }

    @Test func elementwiseOperatorsAnswerWithAnotherSequence() {
        let publisher = [1, 2, 2, 3, nil, 4].publisher
        #expect(publisher.compactMap { $0 }.sequence == [1, 2, 2, 3, 4])
        #expect(publisher.replaceNil(with: 0).sequence == [1, 2, 2, 3, 0, 4])
        let numbers = [3, 1, 1, 2].publisher
        #expect(numbers.map { $0 * 10 }.sequence == [30, 10, 10, 20])
        #expect(numbers.filter { $0 > 1 }.sequence == [3, 2])
        #expect(numbers.removeDuplicates().sequence == [3, 1, 2])
        #expect(numbers.scan(0, +).sequence == [3, 4, 5, 7])
        #expect(Array(numbers.dropFirst(2).sequence) == [1, 2])
        #expect(Array(numbers.drop { $0 > 2 }.sequence) == [1, 1, 2])
        #expect(Array(numbers.prefix(2).sequence) == [3, 1])
        #expect(numbers.prefix { $0 > 2 }.sequence == [3])
        #expect(numbers.output(in: 1..<3).sequence == [1, 1])
        #expect(numbers.output(in: 2..<10).sequence == [1, 2])
        #expect(numbers.prepend(7, 8).sequence == [7, 8, 3, 1, 1, 2])
        #expect(numbers.prepend([9]).sequence == [9, 3, 1, 1, 2])
        #expect(numbers.prepend([0].publisher).sequence == [0, 3, 1, 1, 2])
        #expect(numbers.append(7).sequence == [3, 1, 1, 2, 7])
        #expect(numbers.append(5...6).sequence == [3, 1, 1, 2, 5, 6])
        #expect(numbers.append([4].publisher).sequence == [3, 1, 1, 2, 4])
        #expect(numbers.setFailureType(to: TestError.self).sequence == [3, 1, 1, 2])
        #expect(numbers == [3, 1, 1, 2].publisher)
        #expect(numbers != [3].publisher)
    }

    @Test func reducingOperatorsAnswerWithAResultOrOptionalPublisher() throws {
        let numbers = [3, 1, 4].publisher
        #expect(numbers.min() == Optional.Publisher(1))
        #expect(numbers.max() == Optional.Publisher(4))
        #expect(numbers.min(by: >) == Optional.Publisher(4))
        #expect(numbers.max(by: >) == Optional.Publisher(1))
        #expect(numbers.first() == Optional.Publisher(3))
        #expect(numbers.last() == Optional.Publisher(4))
        #expect(numbers.first { $0 > 3 } == Optional.Publisher(4))
        #expect(numbers.last { $0 < 4 } == Optional.Publisher(1))
        #expect(numbers.output(at: 1) == Optional.Publisher(1))
        #expect(numbers.output(at: 9) == Optional.Publisher(nil))
        #expect(numbers.count() == Just(3))
        #expect(numbers.setFailureType(to: TestError.self).count() == Result.Publisher(3))
        #expect(numbers.collect() == Result.Publisher([3, 1, 4]))
        #expect(numbers.allSatisfy { $0 > 0 } == Result.Publisher(true))
        #expect(numbers.contains(4) == Result.Publisher(true))
        #expect(numbers.contains { $0 > 4 } == Result.Publisher(false))
        #expect(numbers.reduce(0, +) == Result.Publisher(8))
        #expect(try numbers.tryReduce(0, +).result.get() == 8)
        #expect(try numbers.tryAllSatisfy { $0 > 2 }.result.get() == false)
        #expect(throws: TestError.self) { try numbers.tryContains { _ in throw TestError() }.result.get() }
        let collection = Set([1, 2]).publisher
        #expect(collection.count() == Result.Publisher(2))
    }

    @Test func ignoreOutputSendsOnlyTheCompletion() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2].publisher.ignoreOutput().subscribe(subscriber)
        #expect(subscriber.events.count == 2)
        #expect(subscriber.completions == [.finished])
    }
}

/// How a sequence's or a recording's subscription describes itself once it is over, as Apple's does.
@Suite struct PublishersEndedDescriptionTests {
    // Apple: "[1, 2]" while it plays, "Sequence" once it has finished.
    @Test func aFinishedSequenceSubscriptionDescribesItselfAsSequence() throws {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2].publisher.subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        #expect(String(describing: subscription) == "[1, 2]")

        subscriber.request(.max(1))

        #expect(subscriber.completions == [.finished])
        #expect(String(describing: subscription) == "Sequence")
    }

    // Apple: a Record's subscription describes itself as "Cancelled Events" once cancelled.
    @Test func aCancelledRecordSubscriptionDescribesItselfAsCancelledEvents() throws {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Record<Int, Never>(output: [1, 2], completion: .finished).subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        #expect(String(describing: subscription) == "[1, 2]")

        subscriber.cancel()

        #expect(String(describing: subscription) == "Cancelled Events")
    }
}
