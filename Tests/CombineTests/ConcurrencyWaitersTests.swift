import Combine
import Testing
import Workbook

/// Several `next()` calls waiting on one `values` subscription when the stream ends.
@Suite struct ConcurrencyWaitersTests {
    // Apple: when the upstream finishes while two next() calls wait, both resume with nil.
    @Test func finishingResumesEveryWaitingCallWithNil() async {
        let upstream = TestPublisher<Int, Never>()
        let iterator = Unchecked(upstream.values.makeAsyncIterator())
        let first = Task {
            var copy = iterator.value
            return await copy.next()
        }
        let second = Task {
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
        let upstream = TestPublisher<Int, TestError>()
        let iterator = Unchecked(upstream.values.makeAsyncIterator())
        let first = Task {
            var copy = iterator.value
            return try await copy.next()
        }
        let second = Task {
            var copy = iterator.value
            return try await copy.next()
        }
        #expect(await until { upstream.subscription?.requests.count == 2 })
        upstream.send(completion: .finished)

        #expect(try await first.value == nil)
        #expect(try await second.value == nil)
    }
}
