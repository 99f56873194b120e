import Combine
import Foundation
import Testing

@Suite struct OperatorsCombineLatestTests {
    @Test func combineLatestPublishesOnceEveryUpstreamHasAValueThenOnEachNewValue() {
        let letters = TestPublisher<String, ProbeError>()
        let numbers = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<String, ProbeError>()
        letters.combineLatest(numbers) { "\($0)\($1)" }.subscribe(subscriber)

        letters.send("a")
        letters.send("b")
        numbers.send(1)
        numbers.send(2)
        letters.send("c")

        #expect(subscriber.values == ["b1", "b2", "c2"])
        #expect(subscriber.subscriptionDescriptions == ["CombineLatest"])
    }

    @Test func theDownstreamsRequestsGoToEveryUpstreamAsTheyAre() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>(
            initialDemand: .max(2), demandPerValue: .max(1))
        first.combineLatest(second).subscribe(subscriber)

        #expect(first.send(1) == .none)
        #expect(second.send(1) == .none)
        subscriber.request(.max(3))

        #expect(
            first.subscription?.history == [.requested(.max(2)), .requested(.max(1)), .requested(.max(3))])
        #expect(
            second.subscription?.history == [.requested(.max(2)), .requested(.max(1)), .requested(.max(3))])
    }

    @Test func aCombinationThatFindsNoDemandIsDropped() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>(initialDemand: .max(1))
        first.combineLatest(second).subscribe(subscriber)

        first.send(1)
        second.send(10)
        first.send(2)
        subscriber.request(.max(1))
        #expect(subscriber.values.count == 1)
        second.send(20)

        #expect(subscriber.values.map { [$0.0, $0.1] } == [[1, 10], [2, 20]])
    }

    @Test func threeAndFourUpstreamsCombineWithAndWithoutATransform() {
        let a = CurrentValueSubject<Int, Never>(1)
        let b = CurrentValueSubject<String, Never>("x")
        let c = CurrentValueSubject<Bool, Never>(true)
        let d = CurrentValueSubject<Double, Never>(0.5)
        let three = TestSubscriber<(Int, String, Bool), Never>()
        a.combineLatest(b, c).subscribe(three)
        let four = TestSubscriber<String, Never>()
        a.combineLatest(b, c, d) { "\($0)\($1)\($2)\($3)" }.subscribe(four)
        let threeMapped = TestSubscriber<Int, Never>()
        a.combineLatest(b, c) { number, _, flag in flag ? number : -number }.subscribe(threeMapped)
        let fourPlain = TestSubscriber<(Int, String, Bool, Double), Never>()
        a.combineLatest(b, c, d).subscribe(fourPlain)

        a.send(2)

        #expect(three.values.map { "\($0.0)\($0.1)\($0.2)" } == ["1xtrue", "2xtrue"])
        #expect(four.values == ["1xtrue0.5", "2xtrue0.5"])
        #expect(threeMapped.values == [1, 2])
        #expect(fourPlain.values.count == 2)
        #expect(
            (three.subscriptionDescriptions + four.subscriptionDescriptions).allSatisfy {
                $0 == "CombineLatest"
            })
    }

    @Test func itFinishesOnlyWhenEveryUpstreamHasFinished() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>()
        first.combineLatest(second).subscribe(subscriber)

        first.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)
        second.send(1)
        second.send(completion: .finished)

        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.finished])
    }

    @Test func theFirstFailureCancelsTheOtherUpstreamsAndEndsTheStream() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>()
        first.combineLatest(second).subscribe(subscriber)

        first.send(completion: .failure(ProbeError(1)))
        second.send(2)
        second.send(completion: .failure(ProbeError(2)))

        #expect(first.subscription?.history == [.requested(.unlimited)])
        #expect(second.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.completions == [.failure(ProbeError(1))])
    }

    @Test func aValueSentFromInsideReceiveComesAfterTheCurrentOneInsteadOfInsideIt() {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<(Int, Int), Never>()
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { pair in
            overlaps.run { if pair == (1, 10) { first.send(2) } }
        }
        first.combineLatest(second).subscribe(subscriber)

        first.send(1)
        second.send(10)

        #expect(subscriber.values.map { [$0.0, $0.1] } == [[1, 10], [2, 10]])
        #expect(overlaps.count == 0)
    }

    @Test func concurrentUpstreamsAreSerialisedAndEveryValueMakesOneCombination() {
        let valuesPerUpstream = 500
        let first = TestPublisher<Int, Never>()
        let second = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<(Int, Int), Never>()
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { _ in overlaps.run() }
        first.combineLatest(second).subscribe(subscriber)
        first.send(0)
        second.send(0)

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let subject = index == 0 ? first : second
            for value in 1...valuesPerUpstream { subject.send(value) }
            subject.send(completion: .finished)
        }

        let values = subscriber.values
        #expect(overlaps.count == 0)
        #expect(values.count == 1 + 2 * valuesPerUpstream)
        #expect(values.map(\.0) == values.map(\.0).sorted())
        #expect(values.map(\.1) == values.map(\.1).sorted())
        #expect(values.last.map { [$0.0, $0.1] } == [valuesPerUpstream, valuesPerUpstream])
        #expect(subscriber.completions == [.finished])
    }
}
