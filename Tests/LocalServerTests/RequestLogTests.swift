import Foundation
import LocalServer
import Testing

/// What the server remembers about requests, and waiting for them.
@Suite struct RequestLogTests {
    let server: LocalServer

    init() async throws {
        server = try await LocalServer.start { _ in .text("ok") }
    }

    private func send(_ targets: String..., on client: RawClient? = nil) async throws {
        let client = try client ?? RawClient(port: server.port)
        for target in targets {
            try await client.send("GET \(target) HTTP/1.1\r\nHost: test\r\nX-Target: \(target)\r\n\r\n")
            _ = try await client.readResponse()
        }
    }

    @Test func requestsAreRecordedInArrivalOrder() async throws {
        try await send("/a", "/b?x=1", "/a")
        let requests = server.requests
        #expect(requests.map(\.target) == ["/a", "/b?x=1", "/a"])
        #expect(requests.map(\.path) == ["/a", "/b", "/a"])
        #expect(requests.map { $0.headers["x-target"] } == ["/a", "/b?x=1", "/a"])
        #expect(zip(requests, requests.dropFirst()).allSatisfy { $0.arrivalTime <= $1.arrivalTime })
        #expect(Set(requests.map(\.connectionID)).count == 1)
    }

    @Test func requestsAreCountedByPathWithoutQuery() async throws {
        try await send("/a", "/b?x=1", "/a?y=2")
        #expect(server.requestCount(path: "/a") == 2)
        #expect(server.requestCount(path: "/b") == 1)
        #expect(server.requestCount(path: "/c") == 0)
        #expect(server.requestCount() == 3)
    }

    @Test func connectionsAreNumberedInAcceptOrder() async throws {
        try await send("/first")
        try await send("/second")
        #expect(server.requests.map(\.connectionID) == [1, 2])
    }

    @Test func waitReturnsARequestThatAlreadyArrived() async throws {
        try await send("/a?n=1", "/a?n=2")
        let second = try await server.waitForRequest(number: 2, path: "/a", timeout: .zero)
        #expect(second.target == "/a?n=2")
    }

    @Test func waitResumesWhenTheRequestArrives() async throws {
        let waiter = Task {
            try await server.waitForRequest(number: 2, path: "/wanted")
        }
        try await send("/wanted?n=1", "/other", "/wanted?n=2", "/wanted?n=3")
        #expect(try await waiter.value.target == "/wanted?n=2")
    }

    @Test func waitForAnyPathCountsEveryRequest() async throws {
        let waiter = Task { try await server.waitForRequest(number: 3) }
        try await send("/x", "/y", "/z")
        #expect(try await waiter.value.target == "/z")
    }

    @Test func timedOutWaitSaysWhatItAwaitedAndWhatArrived() async throws {
        try await send("/slow")
        let error = await #expect(throws: LocalServerError.self) {
            try await server.waitForRequest(number: 3, path: "/slow", timeout: .milliseconds(100))
        }
        #expect(error == .waitTimedOut(number: 3, path: "/slow", arrived: 1, timeout: .milliseconds(100)))
        let description = try #require(error).description
        #expect(description.contains("request #3 to /slow"))
        #expect(description.contains("1 arrived"))
    }

    @Test func stopFailsPendingWaits() async throws {
        let waiter = Task { try await server.waitForRequest(path: "/never") }
        try await Task.sleep(for: .milliseconds(50))  // Lets the wait begin; either order must fail it.
        server.stop()
        await #expect(throws: LocalServerError.stoppedWhileWaiting(number: 1, path: "/never", arrived: 0)) {
            try await waiter.value
        }
    }

    @Test func cancelledWaitThrowsCancellationError() async throws {
        let waiter = Task { try await server.waitForRequest(path: "/never") }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }
}
