import Foundation
import LocalServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starting, where the server listens, stopping, and what it leaves behind.
@Suite struct LifecycleTests {
    private func startServer() async throws -> LocalServer {
        try await LocalServer.start { request in
            request.path == "/hang" ? .text("too late").delayed(by: .seconds(3600)) : .text("fine")
        }
    }

    @Test func listensOnLoopbackOnlyAtAnEphemeralPort() async throws {
        let server = try await startServer()
        #expect(server.port >= 1024)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        #expect(server.url("/users/1?x=1").absoluteString == "http://127.0.0.1:\(server.port)/users/1?x=1")
        // 127.0.0.2 is loopback too; a server bound to every address would accept there.
        #expect(isRefused(port: server.port, host: "127.0.0.2"))
    }

    /// The task that starts a server wakes from its waits on it ahead of the suite's other work.
    @Test func theTaskThatStartsAServerRunsAtHighPriority() async throws {
        let before = Task.currentPriority
        let server = try await startServer()
        defer { server.stop() }
        #expect(before < .high)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            #expect(Task.currentPriority == .high)
        }
    }

    @Test func twoServersGetDifferentPorts() async throws {
        let first = try await startServer()
        let second = try await startServer()
        #expect(first.port != second.port)
    }

    @Test func stopClosesTheListenerAndFreesThePortAtOnce() async throws {
        let server = try await startServer()
        let client = try RawClient(port: server.port)
        try await client.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
        _ = try await client.readResponse()
        server.stop()
        #expect(isRefused(port: server.port))
        #expect(canBind(port: server.port))
        #expect(try await client.readUntilClosed().isEmpty)
    }

    @Test func stopIsIdempotent() async throws {
        let server = try await startServer()
        server.stop()
        server.stop()
        #expect(isRefused(port: server.port))
    }

    @Test func releasingTheServerStopsIt() async throws {
        var server: LocalServer? = try await startServer()
        let port = try #require(server?.port)
        #expect(!isRefused(port: port))
        server = nil
        #expect(isRefused(port: port))
    }

    @Test func stopFailsRequestsInFlightPromptly() async throws {
        let server = try await startServer()
        // Neither the delay nor the session's timeout can end these requests within the test.
        let session = URLSessionClient.makeSession(timeout: 3600)
        let clock = ContinuousClock()
        // High priority, as the labs' tasks, and each timed where it ends: at the default priority
        // the requests and their endings can queue behind the busy suite, and the bound below would
        // measure that wait, not the stop.
        let inFlight = (0..<3).map { _ in
            Task(priority: .high) { () -> (error: (any Error)?, at: ContinuousClock.Instant) in
                do {
                    _ = try await URLSessionClient.send(
                        ClientRequest(path: "/hang"), to: server, session: session)
                    return (nil, clock.now)
                } catch {
                    return (error, clock.now)
                }
            }
        }
        _ = try await server.waitForRequest(number: 3, path: "/hang")
        let stopped = clock.now
        server.stop()
        for task in inFlight {
            let (error, ended) = await task.value
            #expect(error is URLError, "got \(String(describing: error))")
            // Only the stop can have ended them; the bound is loose, for a loaded machine.
            #expect(ended - stopped < .seconds(120))
        }
    }

    @Test(.enabled(if: serverThreadsAreListed, "only on Linux are the server's threads named and listed"))
    func stopCancelsPendingDelays() async throws {
        let server = try await startServer()
        #expect(
            try serverThreadNames(port: server.port).sorted() == ["LS\(server.port)#1", "LS\(server.port)#2"])
        let client = try RawClient(port: server.port)
        try await client.send("GET /hang HTTP/1.1\r\nHost: test\r\n\r\n")
        _ = try await server.waitForRequest(path: "/hang")
        server.stop()
        // The threads end only when every exchange has, so a delay still running would keep one alive.
        #expect(try await eventually { try serverThreadNames(port: server.port).isEmpty })
        #expect(try await client.readUntilClosed().isEmpty)
    }

    @Test func stopClosesIdleKeepAliveConnections() async throws {
        let server = try await startServer()
        let clients = try (0..<5).map { _ in try RawClient(port: server.port) }
        for client in clients {
            try await client.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
            _ = try await client.readResponse()
        }
        #expect(openSocketCount(localPort: server.port) == 6)
        server.stop()
        #expect(openSocketCount(localPort: server.port) == 0)
        for client in clients {
            #expect(try await client.readUntilClosed().isEmpty)
        }
    }

    /// One request on a connection of its own, closed by the server after its answer or by the
    /// client, which leaves a kept-alive connection.
    private func exchangeOnce(with server: LocalServer, serverCloses: Bool) async throws {
        let client = try RawClient(port: server.port)
        let connection = serverCloses ? "close" : "keep-alive"
        try await client.send("GET / HTTP/1.1\r\nHost: test\r\nConnection: \(connection)\r\n\r\n")
        _ = try await client.readResponse()
        if serverCloses {
            _ = try await client.readUntilClosed()
        }
    }

    @Test func thousandConnectionsLeaveNoDescriptorOpen() async throws {
        let server = try await startServer()
        #expect(openSocketCount(localPort: server.port) == 1)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<10 {
                group.addTask {
                    for number in 0..<100 {
                        try await self.exchangeOnce(
                            with: server, serverCloses: (worker + number).isMultiple(of: 2))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(server.requestCount() == 1000)
        #expect(await eventually { openSocketCount(localPort: server.port) == 1 })
        server.stop()
        #expect(openSocketCount(localPort: server.port) == 0)
    }
}
