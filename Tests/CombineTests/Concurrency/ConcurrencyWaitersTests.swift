import Combine
import Testing
import TimeControl

/// Several `next()` calls waiting on one `values` subscription when the stream ends.
///
/// The calls wait in tasks of high priority, as the labs' tasks, here and below: at the default
/// one, a task can queue behind the busy suite for longer than `until` waits for it.
@Suite struct ConcurrencyWaitersTests {
    // Apple: when the upstream finishes while two next() calls wait, both resume with nil.
    @Test func finishingResumesEveryWaitingCallWithNil() async {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        let iterator = Unchecked(upstream.values.makeAsyncIterator())
        let first = Task(priority: .high) {
            var copy = iterator.value
            return await copy.next()
        }
        let second = Task(priority: .high) {
            var copy = iterator.value
            return await copy.next()
        }
        #expect(await until { upstream.subscription?.requests.count == 2 })
        upstream.send(completion: .finished)

        #expect(await first.value == nil)
        #expect(await second.value == nil)
    }

    // Apple: the same for a stream that can fail, read with `values` on AsyncThrowingPublisher.
    @Test func finishingResumesEveryWaitingThrowingCallWithNil() async throws {
        let upstream = TestPublisher<Int, TestError>(lettingGo: .never)
        let iterator = Unchecked(upstream.values.makeAsyncIterator())
        let first = Task(priority: .high) {
            var copy = iterator.value
            return try await copy.next()
        }
        let second = Task(priority: .high) {
            var copy = iterator.value
            return try await copy.next()
        }
        #expect(await until { upstream.subscription?.requests.count == 2 })
        upstream.send(completion: .finished)

        #expect(try await first.value == nil)
        #expect(try await second.value == nil)
    }
}

/// What `values` does with a value that arrives before its subscription, as Apple's does.
///
/// The test's own sending loop runs at high priority too: it must send again after each call has
/// started to wait and look again after each has resumed, and at the test's default priority each
/// of those turns can queue behind the busy suite for longer than `until` waits.
@Suite struct ConcurrencyEarlyValueTests {
    @Test func aValueBeforeTheSubscriptionResumesEveryWaitingCallWithNil() async {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let iterator = Unchecked(upstream.values.makeAsyncIterator())
        let results = Box<[Int?]>([])
        for _ in 0..<2 {
            Task(priority: .high) {
                var copy = iterator.value
                let value = await copy.next()
                results.mutate { $0.append(value) }
            }
        }

        // Sent until both calls have resumed, since neither says when it has started to wait.
        let answers = Box<[Subscribers.Demand]>([])
        let resumed = await Task(priority: .high) {
            await until {
                let demand = upstream.send(42)
                answers.mutate { $0.append(demand) }
                return results.value.count == 2
            }
        }.value
        #expect(resumed)
        #expect(answers.value.allSatisfy { $0 == .none })

        #expect(results.value == [nil, nil])
        let subscription = TestSubscription()
        upstream.sendSubscription(subscription)
        #expect(subscription.requests == [.max(2)])
    }

    @Test func aValueBeforeTheSubscriptionResumesEveryWaitingThrowingCallWithNil() async {
        let upstream = HeldSubscriberPublisher<Int, TestError>()
        let iterator = Unchecked(upstream.values.makeAsyncIterator())
        let results = Box<[Int?]>([])
        for _ in 0..<2 {
            Task(priority: .high) {
                var copy = iterator.value
                let value = try await copy.next()
                results.mutate { $0.append(value) }
            }
        }

        let resumed = await Task(priority: .high) {
            await until {
                upstream.send(42)
                return results.value.count == 2
            }
        }.value
        #expect(resumed)

        #expect(results.value == [nil, nil])
    }

    @Test func aValueNobodyAskedForStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let upstream = HeldSubscriberPublisher<Int, Never>()
            let iterator = upstream.values.makeAsyncIterator()
            upstream.sendSubscription(Subscriptions.empty)
            withExtendedLifetime(iterator) { _ = upstream.send(1) }
        }
    }
}
