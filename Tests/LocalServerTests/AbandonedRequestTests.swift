import Foundation
import LocalServer
import Locking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client that goes away before its answer: the server notices, cancels the handler's work and
/// the response's delay, sends nothing, and records the request as abandoned.
@Suite struct AbandonedRequestTests {
    /// Answers `/wait` after an hour, so that only a client going away (or a stop) can end it.
    private static func startServer() async throws -> LocalServer {
        try await LocalServer.start { incoming in
            incoming.path == "/wait" ? .text("too late").delayed(by: .seconds(3600)) : .text("at once")
        }
    }

    @Test func aClientClosingDuringTheDelayIsRecordedAsAbandoned() async throws {
        let server = try await Self.startServer()
        defer { server.stop() }
        var client: RawClient? = try RawClient(port: server.port)
        try await client?.send("GET /wait?n=1 HTTP/1.1\r\nHost: test\r\n\r\n")
        let request = try await server.waitForRequest(path: "/wait")
        client = nil
        #expect(await eventually { !server.abandonedRequests.isEmpty })
        let abandoned = server.abandonedRequests
        #expect(abandoned.map(\.request.target) == ["/wait?n=1"])
        #expect(abandoned.first?.request.connectionID == request.connectionID)
        #expect(abandoned.first.map { $0.noticedTime >= request.arrivalTime } == true)
        #expect(abandoned.first.map { $0.waited == $0.noticedTime - request.arrivalTime } == true)
    }

    @Test func theHandlersTaskIsCancelledWhenItsClientGoesAway() async throws {
        let handlerCancelled = Locked(false)
        let server = try await LocalServer.start { _ in
            try? await Task.sleep(for: .seconds(3600))
            handlerCancelled.withLock { $0 = Task.isCancelled }
            return .text("too late")
        }
        defer { server.stop() }
        var client: RawClient? = try RawClient(port: server.port)
        try await client?.send("GET /work HTTP/1.1\r\nHost: test\r\n\r\n")
        _ = try await server.waitForRequest(path: "/work")
        client = nil
        #expect(await eventually { handlerCancelled.withLock { $0 } })
        #expect(await eventually { server.abandonedRequests.map(\.request.path) == ["/work"] })
    }

    @Test func aURLSessionTaskCancelledDuringTheDelayIsRecordedAsAbandoned() async throws {
        let server = try await Self.startServer()
        defer { server.stop() }
        let client = URLSession(configuration: .ephemeral)
        defer { client.invalidateAndCancel() }
        let task = client.dataTask(with: server.url("/wait?by=urlsession"))
        task.resume()
        _ = try await server.waitForRequest(path: "/wait")
        task.cancel()
        #expect(
            await eventually { server.abandonedRequests.map(\.request.target) == ["/wait?by=urlsession"] })
    }

    @Test func answeredRequestsAreNotAbandoned() async throws {
        let server = try await LocalServer.start { incoming in
            .text("soon").delayed(by: .milliseconds(incoming.path == "/soon" ? 20 : 0))
        }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        for path in ["/now", "/soon", "/now"] {
            try await client.send("GET \(path) HTTP/1.1\r\nHost: test\r\n\r\n")
            #expect(try await client.readResponse().status == 200)
        }
        #expect(server.requestCount() == 3)
        #expect(server.abandonedRequests.isEmpty)
    }

    @Test func aRequestPendingWhenTheServerStopsIsNotAbandonedByItsClient() async throws {
        let server = try await Self.startServer()
        let client = try RawClient(port: server.port)
        try await client.send("GET /wait HTTP/1.1\r\nHost: test\r\n\r\n")
        _ = try await server.waitForRequest(path: "/wait")
        server.stop()
        #expect(try await client.readUntilClosed().isEmpty)
        #expect(server.abandonedRequests.isEmpty)
    }
}
