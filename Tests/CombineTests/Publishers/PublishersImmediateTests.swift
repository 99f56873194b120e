import Combine
import Testing

@Suite("Empty, Fail and Deferred")
struct PublishersImmediateTests {
    @Test func emptyFinishesAtOnceWithoutDemand() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none)
        Empty<Int, TestError>().subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.subscriptionDescriptions == ["Empty"])
    }

    @Test func emptyThatDoesNotCompleteSendsOnlyItsSubscription() {
        let subscriber = TestSubscriber<Int, Never>()
        Empty<Int, Never>(completeImmediately: false).subscribe(subscriber)
        #expect(subscriber.events.count == 1)
        #expect(subscriber.completions.isEmpty)
    }

    @Test func emptyIsEqualWhenItCompletesTheSameWay() {
        #expect(
            Empty<Int, Never>()
                == Empty(completeImmediately: true, outputType: Int.self, failureType: Never.self))
        #expect(Empty<Int, Never>() != Empty(completeImmediately: false))
        #expect(Empty<Int, Never>(completeImmediately: false).completeImmediately == false)
    }

    @Test func failFailsAtOnceWithoutDemand() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none)
        Fail<Int, TestError>(error: TestError(5)).subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.failure(TestError(5))])
        #expect(subscriber.subscriptionDescriptions == ["Empty"])
    }

    @Test func failIsEqualWhenItsErrorIs() {
        let fail = Fail(outputType: Int.self, failure: TestError(1))
        #expect(fail.error == TestError(1))
        #expect(fail == Fail<Int, TestError>(error: TestError(1)))
        #expect(fail != Fail<Int, TestError>(error: TestError(2)))
    }

    @Test func deferredMakesAPublisherOnlyWhenSomeoneSubscribes() {
        var made = 0
        let deferred = Deferred { () -> Just<Int> in
            made += 1
            return Just(made * 10)
        }
        #expect(made == 0)
        let first = TestSubscriber<Int, Never>()
        deferred.subscribe(first)
        #expect(made == 1)
        let second = TestSubscriber<Int, Never>()
        deferred.subscribe(second)
        #expect(made == 2)
        #expect(first.values == [10])
        #expect(second.values == [20])
    }

    @Test func deferredHandsOnTheMadePublishersSubscription() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        Deferred { [1, 2, 3].publisher }.subscribe(subscriber)
        #expect(subscriber.subscriptionDescriptions == ["[1, 2, 3]"])
        #expect(subscriber.values == [1, 2])
    }
}
