import Foundation
import LocalServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Connections are served concurrently: a delayed answer holds up nothing but itself.
@Suite struct ConcurrencyTests {
    @Test func fastRequestsAllFinishBeforeADelayedOne() async throws {
        let server = try await LocalServer.start { incoming in
            incoming.path == "/slow" ? .text("slow").delayed(by: .seconds(2)) : .text("fast")
        }
        let clock = ContinuousClock()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 20
        let session = URLSession(configuration: configuration)
        let sendFastRequests = {
            try await withThrowingTaskGroup(of: ContinuousClock.Instant.self) { group in
                for number in 0..<20 {
                    group.addTask {
                        let response = try await URLSessionClient.send(
                            ClientRequest(path: "/fast/\(number)"), to: server, session: session)
                        #expect(response.text == "fast")
                        return clock.now
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        // Open the session's connections first, so that the timed round measures the server alone.
        _ = try await sendFastRequests()
        let slow = Task {
            _ = try await URLSessionClient.send(ClientRequest(path: "/slow"), to: server)
            return clock.now
        }
        _ = try await server.waitForRequest(path: "/slow", timeout: .seconds(15))
        let fastFinishes = try await sendFastRequests()
        let slowFinish = try await slow.value
        #expect(fastFinishes.count == 20)
        #expect(fastFinishes.allSatisfy { $0 < slowFinish })
        #expect(server.requestCount(path: "/slow") == 1)
    }

    @Test(arguments: [1, 2])
    func delayOnOneConnectionDoesNotDelayAnotherConnection(threads: Int) async throws {
        let server = try await LocalServer.start(configuration: .init(threads: threads)) { incoming in
            incoming.path == "/slow" ? .text("slow").delayed(by: .seconds(30)) : .text("fast")
        }
        let waiting = try RawClient(port: server.port)
        try await waiting.send("GET /slow HTTP/1.1\r\nHost: test\r\n\r\n")
        _ = try await server.waitForRequest(path: "/slow", timeout: .seconds(15))
        let other = try RawClient(port: server.port)
        try await other.send("GET /fast HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(try await other.readResponse().text == "fast")
        server.stop()
        #expect(try await waiting.readUntilClosed().isEmpty)
    }
}
