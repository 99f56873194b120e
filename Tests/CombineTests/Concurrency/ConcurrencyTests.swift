import Combine
import Foundation
import Testing
import TimeControl

private enum Boom: Error, Equatable {
    case upstream
}

@Suite("Concurrency: values and Future.value")
struct ConcurrencyTests {
    @Test func valuesYieldsEveryValueInOrderThenEnds() async {
        var received: [Int] = []
        for await value in [1, 2, 3].publisher.values {
            received.append(value)
        }
        #expect(received == [1, 2, 3])
    }

    @Test @MainActor func valuesCanBeReadFromMainActorCode() async throws {
        var received: [String] = []
        for try await value in ["a", "b"].publisher.setFailureType(to: Boom.self).values {
            received.append(value)
        }
        #expect(received == ["a", "b"])
    }

    @Test func valuesAsksForOneValueAtATime() async {
        let upstream = TestPublisher<Int, Never>()
        let loop = collectingValues(of: upstream)
        #expect(await until { upstream.requests.count == 1 })
        #expect(upstream.send(1) == .none)
        #expect(await until { upstream.requests.count == 2 })
        #expect(upstream.send(2) == .none)
        #expect(await until { upstream.requests.count == 3 })
        upstream.send(completion: .finished)
        #expect(await loop.value == [1, 2])
        #expect(upstream.requests == [.max(1), .max(1), .max(1)])
        #expect(upstream.cancelCount == 0)
    }

    @Test func makingTheIteratorSubscribesButAsksForNothing() {
        let upstream = TestPublisher<Int, Never>()
        let iterator = upstream.values.makeAsyncIterator()
        #expect(upstream.subscribeCount == 1)
        #expect(upstream.requests.isEmpty)
        _ = iterator
    }

    @Test func cancellingTheIteratingTaskCancelsTheSubscription() async {
        let upstream = TestPublisher<Int, Never>()
        let loop = collectingValues(of: upstream)
        #expect(await until { upstream.requests.count == 1 })
        loop.cancel()
        #expect(await loop.value == [])
        #expect(upstream.cancelCount > 0)
    }

    @Test func leavingTheLoopEarlyCancelsTheSubscription() async {
        let upstream = TestPublisher<Int, Never>()
        let loop = Task(priority: .high) { () -> Int? in
            for await value in upstream.values where value == 2 {
                return value
            }
            return nil
        }
        #expect(await until { upstream.requests.count == 1 })
        upstream.send(1)
        #expect(await until { upstream.requests.count == 2 })
        upstream.send(2)
        #expect(await loop.value == 2)
        #expect(await until { upstream.cancelCount > 0 })
    }

    @Test func aFinishedStreamKeepsReturningNil() async {
        var iterator = Empty<Int, Never>().values.makeAsyncIterator()
        #expect(await iterator.next() == nil)
        #expect(await iterator.next() == nil)
    }

    @Test func throwingValuesThrowsTheFailureAfterTheValuesBeforeIt() async {
        let upstream = TestPublisher<Int, Boom>()
        let loop = Task(priority: .high) {
            var received: [Int] = []
            do {
                for try await value in upstream.values {
                    received.append(value)
                }
                return (received, nil as Boom?)
            } catch {
                return (received, error as? Boom)
            }
        }
        #expect(await until { upstream.requests.count == 1 })
        upstream.send(7)
        #expect(await until { upstream.requests.count == 2 })
        upstream.send(completion: .failure(.upstream))
        let (received, failure) = await loop.value
        #expect(received == [7])
        #expect(failure == .upstream)
    }

    @Test func aFailureIsThrownOnceThenTheStreamEnds() async throws {
        var iterator = Fail<Int, Boom>(error: .upstream).values.makeAsyncIterator()
        await #expect(throws: Boom.upstream) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func cancellingATaskThatIteratesAThrowingStreamEndsItWithoutAnError() async throws {
        let upstream = TestPublisher<Int, Boom>()
        let loop = Task(priority: .high) {
            var count = 0
            for try await _ in upstream.values {
                count += 1
            }
            return count
        }
        #expect(await until { upstream.requests.count == 1 })
        loop.cancel()
        #expect(try await loop.value == 0)
        #expect(upstream.cancelCount > 0)
    }

    @Test func futureValueAwaitsAPromiseFulfilledLater() async {
        let future = Future<Int, Never> { promise in
            // A promise is not Sendable (nor is it on Apple platforms); this one is called once, later.
            nonisolated(unsafe) let promise = promise
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { promise(.success(42)) }
        }
        #expect(await future.value == 42)
    }

    @Test func throwingFutureValueReturnsTheValue() async throws {
        let future = Future<String, Boom> { promise in promise(.success("done")) }
        #expect(try await future.value == "done")
    }

    @Test func throwingFutureValueThrowsTheFailure() async {
        let future = Future<String, Boom> { promise in
            nonisolated(unsafe) let promise = promise
            DispatchQueue.global().async { promise(.failure(.upstream)) }
        }
        await #expect(throws: Boom.upstream) { try await future.value }
    }
}

/// Loops over `upstream.values` in a task of its own, which returns every value it got once the
/// loop ends. High priority, as the labs' tasks: at the default one each step of the loop can queue
/// behind the busy suite for longer than `until` waits for it.
private func collectingValues(of upstream: TestPublisher<Int, Never>) -> Task<[Int], Never> {
    Task(priority: .high) {
        var received: [Int] = []
        for await value in upstream.values {
            received.append(value)
        }
        return received
    }
}
