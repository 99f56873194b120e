import Foundation
import LocalServer
import Testing

/// What the server does with requests it must refuse: a clear status, then a closed connection.
@Suite struct BadInputTests {
    /// Sends `bytes` on a new connection and returns the answer, checking that the server then closed.
    private func answer(to bytes: String, server: LocalServer) async throws -> RawClient.Response {
        let client = try RawClient(port: server.port)
        try await client.send(bytes)
        let response = try await client.readResponse()
        #expect(response.headers["Connection"] == "close")
        #expect(try await client.readUntilClosed().isEmpty)
        return response
    }

    private func startServer(_ configuration: LocalServer.Configuration = .init()) async throws -> LocalServer
    {
        try await LocalServer.start(configuration: configuration) { _ in .text("fine") }
    }

    @Test(arguments: [
        "GET /\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: test\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: test\r\n\r\n",
        "GET / HTTP/1.1 extra\r\nHost: test\r\n\r\n",
        "GET / HTTX/1.1\r\nHost: test\r\n\r\n",
        "GET / HTTP/x.y\r\nHost: test\r\n\r\n",
        "\u{7}\u{1}\u{2} garbage\r\n\r\n",
    ])
    func malformedRequestLineIsBadRequest(line: String) async throws {
        let server = try await startServer()
        #expect(try await answer(to: line, server: server).status == 400)
        #expect(server.requestCount() == 0)
    }

    @Test(arguments: [
        "Host: test\r\nNoColonHere\r\n",
        "Host: test\r\nBad Name: value\r\n",
        "Host: test\r\nSpace : before colon\r\n",
        "Host: test\r\nX-Folded: first\r\n  continued\r\n",
        "Host: test\r\nX-Control: a\u{1}b\r\n",
        "Host: test\r\n: empty name\r\n",
        "Host: test\r\nContent-Length: ten\r\n",
        "Host: test\r\nContent-Length: 3\r\nContent-Length: 4\r\n",
        "Host: test\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n",
        "X-No-Host: true\r\n",
        "Host: one\r\nHost: two\r\n",
    ])
    func malformedHeaderIsBadRequest(fields: String) async throws {
        let server = try await startServer()
        #expect(try await answer(to: "GET / HTTP/1.1\r\n\(fields)\r\n", server: server).status == 400)
    }

    @Test func malformedChunkIsBadRequest() async throws {
        let server = try await startServer()
        let request =
            "POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n"
        #expect(try await answer(to: request, server: server).status == 400)
    }

    @Test func headOverTheLimitIsHeaderFieldsTooLarge() async throws {
        let server = try await startServer()
        let big = String(repeating: "v", count: 16 * 1024)
        let response = try await answer(
            to: "GET / HTTP/1.1\r\nHost: test\r\nX-Big: \(big)\r\n\r\n", server: server)
        #expect(response.status == 431)
    }

    @Test func headJustUnderTheLimitIsServed() async throws {
        let server = try await startServer(.init(maxHeadBytes: 1024))
        let prefix = "GET / HTTP/1.1\r\nHost: test\r\nX-Pad: "
        let padding = String(repeating: "p", count: 1024 - prefix.utf8.count - 4)
        let client = try RawClient(port: server.port)
        try await client.send(prefix + padding + "\r\n\r\n")
        #expect(try await client.readResponse().status == 200)
    }

    @Test func endlessHeadWithoutBlankLineIsCutOffAtTheLimit() async throws {
        let server = try await startServer(.init(maxHeadBytes: 1024))
        let client = try RawClient(port: server.port)
        try await client.send(
            "GET / HTTP/1.1\r\nHost: test\r\n" + String(repeating: "X-Field: value\r\n", count: 100))
        #expect(try await client.readResponse().status == 431)
        #expect(try await client.readUntilClosed().isEmpty)
    }

    @Test func declaredBodyOverTheLimitIsContentTooLarge() async throws {
        let server = try await startServer()
        let response = try await answer(
            to: "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: \(1024 * 1024 + 1)\r\n\r\n", server: server)
        #expect(response.status == 413)
    }

    @Test func chunkedBodyGrowingOverTheLimitIsContentTooLarge() async throws {
        let server = try await startServer(.init(maxBodyBytes: 10))
        let chunks =
            "POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n12345678\r\n8\r\n12345678\r\n"
        #expect(try await answer(to: chunks, server: server).status == 413)
    }

    @Test func bodyAtTheLimitIsServed() async throws {
        let server = try await startServer(.init(maxBodyBytes: 10))
        let client = try RawClient(port: server.port)
        try await client.send("POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n0123456789")
        #expect(try await client.readResponse().status == 200)
        #expect(server.requests.first?.body.count == 10)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/1.2", "HTTP/0.9", "HTTP/3"])
    func unknownVersionIsVersionNotSupported(version: String) async throws {
        let server = try await startServer()
        #expect(try await answer(to: "GET / \(version)\r\nHost: test\r\n\r\n", server: server).status == 505)
    }

    @Test func unknownTransferCodingIsNotImplemented() async throws {
        let server = try await startServer()
        let request = "POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
        #expect(try await answer(to: request, server: server).status == 501)
    }

    @Test func badRequestAfterAGoodOneStillAnswersTheGoodOne() async throws {
        let server = try await startServer()
        let client = try RawClient(port: server.port)
        try await client.send("GET /good HTTP/1.1\r\nHost: test\r\n\r\nBROKEN\r\n\r\n")
        #expect(try await client.readResponse().status == 200)
        #expect(try await client.readResponse().status == 400)
        #expect(try await client.readUntilClosed().isEmpty)
    }

    @Test func idleConnectionIsClosedAfterTheTimeout() async throws {
        let server = try await startServer(.init(idleTimeout: .milliseconds(200)))
        let client = try RawClient(port: server.port)
        // Taken before the request, since the server's idle time starts only after its answer.
        let start = ContinuousClock.now
        try await client.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(try await client.readResponse().status == 200)
        #expect(try await client.readUntilClosed().isEmpty)
        #expect(ContinuousClock.now - start >= .milliseconds(200))
    }

    @Test func halfSentRequestIsClosedAfterTheIdleTimeout() async throws {
        let server = try await startServer(.init(idleTimeout: .milliseconds(200)))
        let client = try RawClient(port: server.port)
        try await client.send("GET / HTTP/1.1\r\nHo")
        #expect(try await client.readUntilClosed().isEmpty)
        #expect(server.requestCount() == 0)
    }

    @Test func connectionsOverTheLimitAreRefusedWithServiceUnavailable() async throws {
        let server = try await startServer(.init(maxConnections: 2))
        let admitted = try (0..<2).map { _ in try RawClient(port: server.port) }
        for client in admitted {
            try await client.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
            #expect(try await client.readResponse().status == 200)
        }
        let refused = try RawClient(port: server.port)
        let answer = try await refused.readResponse()
        #expect(answer.status == 503)
        #expect(try await refused.readUntilClosed().isEmpty)
        // The admitted connections are unaffected.
        try await admitted[0].send("GET /still HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(try await admitted[0].readResponse().status == 200)
    }

    @Test func closedConnectionFreesItsPlaceUnderTheLimit() async throws {
        let server = try await startServer(.init(maxConnections: 1))
        do {
            let first = try RawClient(port: server.port)
            try await first.send("GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            #expect(try await first.readResponse().status == 200)
            _ = try await first.readUntilClosed()
        }
        // The server notices the close on its own thread, so a connection made at once may still be
        // refused; one is admitted soon after.
        let admitted = try await eventually {
            let next = try RawClient(port: server.port)
            try await next.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
            return try await next.readResponse().status == 200
        }
        #expect(admitted)
    }

    @Test func randomGarbageNeverCrashesTheServer() async throws {
        let server = try await startServer(.init(maxHeadBytes: 2048, idleTimeout: .milliseconds(300)))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let client = try RawClient(port: server.port)
            let garbage = (0..<Int.random(in: 1...4096, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            try? await client.send(garbage + Array("\r\n\r\n".utf8))
            _ = try await client.readUntilClosed()
        }
        let healthy = try RawClient(port: server.port)
        try await healthy.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(try await healthy.readResponse().text == "fine")
    }
}
