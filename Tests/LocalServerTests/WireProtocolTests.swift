import Foundation
import LocalServer
import Testing

/// HTTP/1.1 on the wire, checked byte for byte with a raw socket: persistence, pipelining, requests
/// cut at every byte, `100 Continue`, and the end of a connection.
@Suite struct WireProtocolTests {
    let server: LocalServer

    init() async throws {
        server = try await LocalServer.start { request in
            .text("\(request.method) \(request.target) \(request.bodyText)")
        }
    }

    private func connect() throws -> RawClient { try RawClient(port: server.port) }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        let client = try connect()
        for number in 1...3 {
            try await client.send("GET /\(number) HTTP/1.1\r\nHost: test\r\n\r\n")
            #expect(try await client.readResponse().text == "GET /\(number) ")
        }
        #expect(server.requests.map(\.connectionID) == [1, 1, 1])
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let client = try connect()
        try await client.send(
            "GET /first HTTP/1.1\r\nHost: test\r\n\r\n"
                + "POST /second HTTP/1.1\r\nHost: test\r\nContent-Length: 4\r\n\r\nbody"
                + "GET /third HTTP/1.1\r\nHost: test\r\n\r\n")
        var texts: [String] = []
        for _ in 0..<3 {
            texts.append(try await client.readResponse().text)
        }
        #expect(texts == ["GET /first ", "POST /second body", "GET /third "])
    }

    @Test func requestSentOneByteAtATimeIsParsed() async throws {
        let client = try connect()
        try await client.sendByteByByte(
            "POST /split?x=1 HTTP/1.1\r\nHost: test\r\nContent-Length: 11\r\n\r\nhello world")
        #expect(try await client.readResponse().text == "POST /split?x=1 hello world")
        let recorded = try #require(server.requests.first)
        #expect(recorded.headers["host"] == "test")
        #expect(recorded.queryItems == [URLQueryItem(name: "x", value: "1")])
    }

    @Test func chunkedBodySentOneByteAtATimeIsDecoded() async throws {
        let client = try connect()
        try await client.sendByteByByte(
            "POST /chunks HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n1;name=value\r\n \r\n5\r\nworld\r\n0\r\nTrailer: ignored\r\n\r\n")
        #expect(try await client.readResponse().text == "POST /chunks hello world")
    }

    @Test func expectContinueIsAnsweredBeforeTheBodyIsSent() async throws {
        let client = try connect()
        try await client.send(
            "PUT /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let interim = try await client.readResponse()
        #expect(interim.status == 100)
        #expect(server.requestCount() == 0)
        try await client.send("12345")
        let final = try await client.readResponse()
        #expect(final.status == 200)
        #expect(final.text == "PUT /upload 12345")
    }

    @Test func headGetsTheLengthOfTheBodyItDoesNotGet() async throws {
        let client = try connect()
        try await client.send(
            "HEAD /resource HTTP/1.1\r\nHost: test\r\n\r\nGET /after HTTP/1.1\r\nHost: test\r\n\r\n")
        let head = try await client.readResponse(answeringHEAD: true)
        #expect(head.headers["Content-Length"] == String("HEAD /resource ".utf8.count))
        #expect(head.body.isEmpty)
        // Had the HEAD response carried a body, it would be read here as the next response's head.
        #expect(try await client.readResponse().text == "GET /after ")
    }

    @Test func connectionCloseEndsTheConnectionAfterTheResponse() async throws {
        let client = try connect()
        try await client.send("GET /bye HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        let response = try await client.readResponse()
        #expect(response.headers["Connection"] == "close")
        #expect(try await client.readUntilClosed().isEmpty)
    }

    @Test func http10ClosesByDefaultAndStaysOpenWhenAsked() async throws {
        let closing = try connect()
        try await closing.send("GET /old HTTP/1.0\r\n\r\n")
        #expect(try await closing.readResponse().headers["Connection"] == "close")
        #expect(try await closing.readUntilClosed().isEmpty)

        let staying = try connect()
        try await staying.send("GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try await staying.readResponse().headers["Connection"] == "keep-alive")
        try await staying.send("GET /again HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try await staying.readResponse().text == "GET /again ")
    }

    @Test func responseCarriesDateAndExactContentLength() async throws {
        let client = try connect()
        try await client.send("GET /measure HTTP/1.1\r\nHost: test\r\n\r\n")
        let response = try await client.readResponse()
        #expect(response.headers["Content-Length"] == String(response.body.count))
        let date = try #require(response.headers["Date"])
        #expect(date.hasSuffix(" GMT") && date.count == "Sun, 06 Nov 1994 08:49:37 GMT".count)
    }

    @Test func strayLineBreaksBetweenRequestsAreIgnored() async throws {
        let client = try connect()
        try await client.send("\r\n\r\nGET /after-blank HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(try await client.readResponse().text == "GET /after-blank ")
    }
}
