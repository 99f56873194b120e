import Foundation
import LocalServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Connections are served concurrently: a delayed answer holds up nothing but itself.
@Suite struct ConcurrencyTests {
    @Test func fastRequestsAllFinishBeforeADelayedOne() async throws {
        // The delay outlasts any test run, so the fast answers can only come first if the server
        // really serves them alongside it, however slowly a loaded machine runs this test.
        let server = try await LocalServer.start { incoming in
            incoming.path == "/slow" ? .text("slow").delayed(by: .seconds(3600)) : .text("fast")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 21
        let session = URLSession(configuration: configuration)
        // High priority, as the labs' tasks: at the default one the task can queue behind the busy
        // suite for longer than the wait below gives its request to arrive.
        let slow = Task(priority: .high) {
            try await URLSessionClient.send(ClientRequest(path: "/slow"), to: server, session: session)
        }
        _ = try await server.waitForRequest(path: "/slow")
        let fastAnswers = try await withThrowingTaskGroup(of: String.self) { group in
            for number in 0..<20 {
                group.addTask {
                    try await URLSessionClient.send(
                        ClientRequest(path: "/fast/\(number)"), to: server, session: session
                    ).text
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(fastAnswers == Array(repeating: "fast", count: 20))
        #expect(server.requestCount(path: "/slow") == 1)
        server.stop()
        // Stopping fails the slow exchange; it never produced an answer.
        await #expect(throws: URLError.self) { try await slow.value }
    }

    @Test(arguments: [1, 2])
    func delayOnOneConnectionDoesNotDelayAnotherConnection(threads: Int) async throws {
        let server = try await LocalServer.start(configuration: .init(threads: threads)) { incoming in
            incoming.path == "/slow" ? .text("slow").delayed(by: .seconds(3600)) : .text("fast")
        }
        let waiting = try RawClient(port: server.port)
        try await waiting.send("GET /slow HTTP/1.1\r\nHost: test\r\n\r\n")
        _ = try await server.waitForRequest(path: "/slow")
        let other = try RawClient(port: server.port)
        try await other.send("GET /fast HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(try await other.readResponse().text == "fast")
        server.stop()
        #expect(try await waiting.readUntilClosed().isEmpty)
    }
}
