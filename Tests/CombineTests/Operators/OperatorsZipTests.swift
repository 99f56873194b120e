import Combine
import Dispatch
import Testing

@Suite struct OperatorsZipTests {
    @Test func zipPairsValuesInOrder() {
        let letters = TestPublisher<String, ProbeError>()
        let numbers = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<String, ProbeError>()
        letters.zip(numbers) { "\($0)\($1)" }.subscribe(subscriber)

        letters.send("a")
        letters.send("b")
        numbers.send(1)
        letters.send("c")
        numbers.send(2)

        #expect(subscriber.values == ["a1", "b2"])
        #expect(subscriber.subscriptionDescriptions == ["Zip"])
    }

    @Test func valuesWaitForDemandInsteadOfExceedingIt() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>(initialDemand: .max(1))
        first.zip(second).subscribe(subscriber)

        first.send(1)
        second.send(10)
        first.send(2)
        second.send(20)
        #expect(subscriber.values.count == 1)
        subscriber.request(.max(1))

        #expect(subscriber.values.map { [$0.0, $0.1] } == [[1, 10], [2, 20]])
        #expect(first.subscription?.history == [.requested(.max(1)), .requested(.max(1))])
    }

    @Test func theDownstreamsReturnedDemandGoesToEveryUpstream() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>(
            initialDemand: .max(1), demandPerValue: .max(2))
        first.zip(second).subscribe(subscriber)

        #expect(first.send(1) == .none)
        #expect(second.send(1) == .none)

        #expect(first.subscription?.history == [.requested(.max(1)), .requested(.max(2))])
        #expect(second.subscription?.history == [.requested(.max(1)), .requested(.max(2))])
    }

    @Test func threeAndFourUpstreamsZipWithAndWithoutATransform() {
        let three = TestSubscriber<(Int, String, Bool), Never>()
        [1, 2].publisher.zip(["a", "b", "c"].publisher, [true, false].publisher).subscribe(three)
        let four = TestSubscriber<String, Never>()
        [1, 2].publisher.zip(["a", "b"].publisher, [true, false].publisher, [0.5].publisher) {
            "\($0)\($1)\($2)\($3)"
        }
        .subscribe(four)
        let threeMapped = TestSubscriber<Int, Never>()
        [1, 2].publisher.zip([10, 20].publisher, [100, 200].publisher) { $0 + $1 + $2 }.subscribe(threeMapped)
        let fourPlain = TestSubscriber<(Int, Int, Int, Int), Never>()
        [1].publisher.zip([2].publisher, [3].publisher, [4].publisher).subscribe(fourPlain)

        #expect(three.values.map { "\($0.0)\($0.1)\($0.2)" } == ["1atrue", "2bfalse"])
        #expect(four.values == ["1atrue0.5"])
        #expect(threeMapped.values == [111, 222])
        #expect(fourPlain.values.map { [$0.0, $0.1, $0.2, $0.3] } == [[1, 2, 3, 4]])
        #expect((three.completions + four.completions + fourPlain.completions).count == 3)
    }

    @Test func itFinishesAtOnceWhenAnUpstreamFinishesWithNothingLeftToPair() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>()
        first.zip(second).subscribe(subscriber)

        first.send(completion: .finished)

        #expect(subscriber.completions == [.finished])
        #expect(first.subscription?.history == [.requested(.unlimited)])
        #expect(second.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func itFinishesOnceTheValuesOfAFinishedUpstreamHaveAllBeenPaired() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>()
        first.zip(second).subscribe(subscriber)
        first.send(1)
        first.send(2)
        first.send(completion: .finished)
        second.send(10)
        #expect(subscriber.completions.isEmpty)

        second.send(20)

        #expect(subscriber.values.map { [$0.0, $0.1] } == [[1, 10], [2, 20]])
        #expect(subscriber.completions == [.finished])
        #expect(second.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func theFirstFailureCancelsTheOtherUpstreamsAndEndsTheStream() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>()
        first.zip(second).subscribe(subscriber)
        first.send(1)

        second.send(completion: .failure(ProbeError(2)))
        first.send(completion: .finished)

        #expect(first.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.failure(ProbeError(2))])
    }

    @Test func aValueSentFromInsideReceiveIsPairedAfterTheCurrentOne() {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<(Int, Int), Never>()
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { pair in
            overlaps.run { if pair.0 == 1 { second.send(20) } }
        }
        first.zip(second).subscribe(subscriber)

        first.send(1)
        first.send(2)
        second.send(10)

        #expect(subscriber.values.map { [$0.0, $0.1] } == [[1, 10], [2, 20]])
        #expect(overlaps.count == 0)
    }

    @Test func concurrentUpstreamsAreSerialisedAndPairedInOrder() {
        let valuesPerUpstream = 500
        let first = TestPublisher<Int, Never>()
        let second = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<(Int, Int), Never>()
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { _ in overlaps.run() }
        first.zip(second).subscribe(subscriber)

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let subject = index == 0 ? first : second
            for value in 0..<valuesPerUpstream { subject.send(value) }
        }
        first.send(completion: .finished)

        #expect(overlaps.count == 0)
        #expect(subscriber.values.map(\.0) == Array(0..<valuesPerUpstream))
        #expect(subscriber.values.map(\.1) == Array(0..<valuesPerUpstream))
        #expect(subscriber.completions == [.finished])
    }
}

/// Where demand the downstream asks for while `zip` delivers a value goes, as with Apple's.
@Suite struct OperatorsZipReentrantDemandTests {
    // Apple: the upstream whose value completed the pair gets the demand as its value's answer, and the
    // other upstreams get it as a request.
    @Test func demandAskedForDuringADeliveryAnswersTheValueThatSetItOff() {
        let first = TestPublisher<Int, Never>()
        let second = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<(Int, Int), Never>(initialDemand: .max(10))
        subscriber.onValue { _ in subscriber.request(.max(666)) }
        first.zip(second).subscribe(subscriber)

        #expect(first.send(1) == .none)
        #expect(second.send(1) == .max(666))

        #expect(first.subscription?.history == [.requested(.max(10)), .requested(.max(666))])
        #expect(second.subscription?.history == [.requested(.max(10))])
    }
}
