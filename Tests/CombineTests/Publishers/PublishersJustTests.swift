import Combine
import Foundation
import Testing

@Suite("Just")
struct PublishersJustTests {
    @Test func sendsItsValueThenFinishesOnTheFirstRequest() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(7).subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.isEmpty)
        subscriber.request(.max(1))
        #expect(subscriber.values == [7])
        #expect(subscriber.completions == [.finished])
        subscriber.request(.max(1))
        #expect(subscriber.values == [7])
        #expect(subscriber.completions == [.finished])
    }

    @Test func describesItsSubscriptionAsJust() {
        let subscriber = TestSubscriber<Int, Never>()
        Just(1).subscribe(subscriber)
        #expect(subscriber.subscriptionDescriptions == ["Just"])
    }

    @Test func sendsNothingAfterCancel() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(1).subscribe(subscriber)
        let subscription = subscriber.subscription
        subscriber.cancel()
        subscription?.request(.unlimited)
        #expect(subscriber.events.count == 1)
    }

    @Test func releasesItsSubscriberOnceDelivered() {
        var subscriber: TestSubscriber<Int, Never>? = TestSubscriber()
        let weak = WeakBox(object: subscriber)
        Just(1).subscribe(subscriber!)
        let subscription = subscriber?.subscription
        subscriber = nil
        #expect(weak.object == nil)
        withExtendedLifetime(subscription) {}
    }

    @Test func cancelReleasesTheSubscriber() {
        var subscriber: TestSubscriber<Int, Never>? = TestSubscriber(initialDemand: .none)
        let weak = WeakBox(object: subscriber)
        Just(1).subscribe(subscriber!)
        let subscription = subscriber?.subscription
        subscription?.cancel()
        subscriber = nil
        #expect(weak.object == nil)
        withExtendedLifetime(subscription) {}
    }

    @Test func concurrentRequestsDeliverExactlyOnce() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(3).subscribe(subscriber)
        let subscription = Unchecked(subscriber.subscription!)
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            if index.isMultiple(of: 5) {
                subscription.value.cancel()
            } else {
                subscription.value.request(.max(1))
            }
        }
        #expect(subscriber.values.count <= 1)
        #expect(subscriber.completions.count == subscriber.values.count)
    }

    /// The subscription keeps a small subscriber-and-value pair inside itself and a larger or more
    /// strictly aligned one on the heap; each way, the value arrives and the subscriber is let go.
    @Test func deliversValuesOfEverySizeAndAlignment() {
        #expect(deliveredByJust(7) == 7)
        #expect(deliveredByJust("a string, which takes two words") == "a string, which takes two words")
        let wide = WideValue(words: (1, 2, 3, 4, 5))
        #expect(deliveredByJust(wide) == wide)
        let aligned = SIMD4<Float>(1, 2, 3, 4)
        #expect(MemoryLayout<SIMD4<Float>>.alignment > MemoryLayout<UInt64>.alignment)
        #expect(deliveredByJust(aligned) == aligned)
    }

    @Test(arguments: [false, true])
    func cancelReleasesAWideValuesSubscriber(afterRequesting: Bool) {
        var subscriber: TestSubscriber<WideValue, Never>? = TestSubscriber(initialDemand: .none)
        let weak = WeakBox(object: subscriber)
        Just(WideValue(words: (1, 2, 3, 4, 5))).subscribe(subscriber!)
        let subscription = subscriber?.subscription
        if afterRequesting {
            subscription?.request(.max(1))
            #expect(subscriber?.values.count == 1)
        }
        subscription?.cancel()
        subscriber = nil
        #expect(weak.object == nil)
        withExtendedLifetime(subscription) {}
    }

    /// Nobody requested or cancelled: freeing the subscription still lets go of both.
    @Test(arguments: [false, true])
    func anUnclaimedSubscriptionReleasesItsSubscriberAndValueWhenFreed(wide: Bool) {
        if wide {
            expectFreedWithAnUnclaimedSubscription { Just(($0, 1, 2, 3, 4)) }
        } else {
            expectFreedWithAnUnclaimedSubscription { Just($0) }
        }
    }

    @Test func equalWhenTheirValuesAre() {
        #expect(Just(1) == Just(1))
        #expect(Just(1) != Just(2))
    }

    @Test func answersValueOperatorsWithAnotherJust() {
        let just = Just(4)
        #expect(just.map { $0 * 2 } == Just(8))
        #expect(just.min() == just)
        #expect(just.max() == just)
        #expect(just.min(by: >) == just)
        #expect(just.max(by: >) == just)
        #expect(just.contains(4) == Just(true))
        #expect(just.contains(5) == Just(false))
        #expect(just.contains { $0 > 3 } == Just(true))
        #expect(just.allSatisfy { $0 > 5 } == Just(false))
        #expect(just.removeDuplicates() == just)
        #expect(just.removeDuplicates(by: ==) == just)
        #expect(just.collect() == Just([4]))
        #expect(just.count() == Just(1))
        #expect(just.first() == just)
        #expect(just.last() == just)
        #expect(just.replaceError(with: 0) == just)
        #expect(just.replaceEmpty(with: 0) == just)
        #expect(just.retry(3) == just)
    }

    @Test func answersFilteringOperatorsWithAnOptionalPublisher() {
        let just = Just(4)
        #expect(just.filter { $0 > 3 } == Optional.Publisher(4))
        #expect(just.filter { $0 > 4 } == Optional.Publisher(nil))
        #expect(just.compactMap { $0 > 3 ? "\($0)" : nil } == Optional.Publisher("4"))
        #expect(just.dropFirst() == Optional.Publisher(nil))
        #expect(just.dropFirst(0) == Optional.Publisher(4))
        #expect(just.drop { $0 == 4 } == Optional.Publisher(nil))
        #expect(just.drop { $0 == 5 } == Optional.Publisher(4))
        #expect(just.first { $0 == 4 } == Optional.Publisher(4))
        #expect(just.last { $0 == 5 } == Optional.Publisher(nil))
        #expect(just.output(at: 0) == Optional.Publisher(4))
        #expect(just.output(at: 1) == Optional.Publisher(nil))
        #expect(just.output(in: 0..<2) == Optional.Publisher(4))
        #expect(just.output(in: 1...) == Optional.Publisher(nil))
        #expect(just.prefix(1) == Optional.Publisher(4))
        #expect(just.prefix(0) == Optional.Publisher(nil))
        #expect(just.prefix { $0 < 4 } == Optional.Publisher(nil))
    }

    @Test func answersFailableOperatorsWithAResultPublisher() throws {
        let just = Just(4)
        #expect(try just.tryMap { $0 + 1 }.result.get() == 5)
        #expect(throws: TestError.self) { try just.tryMap { _ -> Int in throw TestError() }.result.get() }
        #expect(try just.tryAllSatisfy { $0 == 4 }.result.get())
        #expect(try just.tryContains { $0 == 5 }.result.get() == false)
        #expect(throws: TestError.self) { try just.tryContains { _ in throw TestError() }.result.get() }
        #expect(try just.tryReduce(10, +).result.get() == 14)
        #expect(try just.tryScan(10, +).result.get() == 14)
        #expect(try just.tryRemoveDuplicates { _, _ in false }.result.get() == 4)
        #expect(just.reduce(10, +) == Result.Publisher(14))
        #expect(just.scan(1) { $0 * $1 } == Result.Publisher(4))
        #expect(just.mapError(anyFailureToTestError) == Result<Int, TestError>.Publisher(4))
        #expect(just.setFailureType(to: TestError.self) == Result<Int, TestError>.Publisher(4))
    }

    @Test func ignoreOutputFinishesWithoutAValue() {
        let subscriber = TestSubscriber<Int, Never>()
        Just(1).ignoreOutput().subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.finished])
    }

    @Test func prependAndAppendMakeASequenceAroundTheValue() {
        #expect(Just(3).prepend(1, 2).sequence == [1, 2, 3])
        #expect(Just(3).prepend([1, 2]).sequence == [1, 2, 3])
        #expect(Just(3).append(4, 5).sequence == [3, 4, 5])
        #expect(Just(3).append(4...5).sequence == [3, 4, 5])
    }
}

/// A `mapError` transform written for any failure type, so that it can serve a publisher that
/// cannot fail without a closure over `Never`, which the compiler flags as unreachable.
private func anyFailureToTestError<Failure: Error>(_ failure: Failure) -> TestError {
    TestError()
}

/// Five words: more than a `Just` subscription keeps inside itself.
private struct WideValue: Equatable {
    var words: (Int, Int, Int, Int, Int)

    static func == (lhs: WideValue, rhs: WideValue) -> Bool {
        lhs.words == rhs.words
    }
}

private final class Tracked {}

/// Takes its subscription and drops it at once, neither requesting nor cancelling.
private final class SubscriptionDropper<Input>: Subscriber {
    func receive(subscription: Subscription) {}
    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Never>) {}
}

/// Subscribes a `SubscriptionDropper` to the `Just` that `makeJust` builds around a fresh object,
/// then lets go of both: the subscription, never claimed, must not keep either alive.
private func expectFreedWithAnUnclaimedSubscription<Output>(_ makeJust: (Tracked) -> Just<Output>) {
    var value: Tracked? = Tracked()
    var subscriber: SubscriptionDropper<Output>? = SubscriptionDropper()
    let weakValue = WeakBox(object: value)
    let weakSubscriber = WeakBox(object: subscriber)
    makeJust(value!).subscribe(subscriber!)
    value = nil
    subscriber = nil
    #expect(weakValue.object == nil)
    #expect(weakSubscriber.object == nil)
}

/// The value `Just(value)` delivers to a sink that asks for everything.
private func deliveredByJust<Value>(_ value: Value) -> Value? {
    var delivered: Value?
    _ = Just(value).sink { delivered = $0 }
    return delivered
}
