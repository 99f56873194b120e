import Combine
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct OperatorsDebuggingTests {
    @Test func breakpointAsksEveryClosureAndPassesEverythingThrough() {
        let asked = Box<[String]>([])
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1), demandPerValue: .max(2))
        upstream.breakpoint(
            receiveSubscription: { subscription in
                asked.mutate { $0.append("subscription \(subscription)") }; return false
            },
            receiveOutput: { value in
                asked.mutate { $0.append("output \(value)") }; return false
            },
            receiveCompletion: { completion in
                asked.mutate { $0.append("completion \(completion)") }; return false
            }
        )
        .subscribe(subscriber)

        #expect(upstream.send(3) == .max(2))
        upstream.send(completion: .finished)

        #expect(asked.value == ["subscription TestPublisher", "output 3", "completion finished"])
        #expect(subscriber.events == [.subscription("TestPublisher"), .value(3), .completion(.finished)])
    }

    @Test func breakpointOnErrorLetsAFinishingStreamThrough() {
        let subscriber = TestSubscriber<Int, ProbeError>()
        [1, 2].publisher.setFailureType(to: ProbeError.self).breakpointOnError().subscribe(subscriber)

        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions == [.finished])
    }

    @Test func breakpointOnErrorRaisesSIGTRAPWhenTheUpstreamFails() async {
        await #expect(processExitsWith: .signal(SIGTRAP)) {
            _ = Fail<Int, ProbeError>(error: ProbeError()).breakpointOnError().sink(
                receiveCompletion: { _ in }, receiveValue: { _ in })
        }
    }

    @Test func assertNoFailurePassesValuesAndTheSubscriptionThrough() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.assertNoFailure("never").subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .finished)

        #expect(subscriber.events == [.subscription("TestPublisher"), .value(1), .completion(.finished)])
        #expect(upstream.subscription?.history == [.requested(.max(2))])
    }

    @Test func assertNoFailureStopsTheProcessOnAFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = Fail<Int, ProbeError>(error: ProbeError()).assertNoFailure().sink { _ in }
        }
    }
}
