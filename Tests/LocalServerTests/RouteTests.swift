import Foundation
import LocalServer
import Testing

/// Every response shape, through both real clients: URLSession and curl.
@Suite struct RouteTests {
    let server: LocalServer

    init() async throws {
        server = try await LocalServer.start(Routes.handle)
    }

    @Test(arguments: HTTPClient.allCases)
    func jsonRouteSendsEncodedValue(client: HTTPClient) async throws {
        let response = try await client.send(ClientRequest(path: "/users/1"), to: server)
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(try JSONDecoder().decode(User.self, from: response.body) == User(id: 1, name: "Ada Lovelace"))
    }

    @Test(arguments: HTTPClient.allCases)
    func rawJSONIsSentVerbatim(client: HTTPClient) async throws {
        let response = try await client.send(ClientRequest(path: "/broken"), to: server)
        #expect(response.status == 200)
        #expect(response.text == Routes.malformedJSON)
    }

    @Test(arguments: HTTPClient.allCases)
    func textRouteIsUTF8PlainText(client: HTTPClient) async throws {
        let response = try await client.send(ClientRequest(path: "/text"), to: server)
        #expect(response.text == "plain words")
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
    }

    @Test(arguments: HTTPClient.allCases)
    func statusIsSentWithBody(client: HTTPClient) async throws {
        let overloaded = try await client.send(ClientRequest(path: "/overloaded"), to: server)
        #expect(overloaded.status == 503)
        #expect(overloaded.text == #"{"reason": "overloaded"}"#)
        let missing = try await client.send(ClientRequest(path: "/nowhere"), to: server)
        #expect(missing.status == 404)
        #expect(missing.text == "not found")
        let empty = try await client.send(ClientRequest(path: "/empty"), to: server)
        #expect(empty.status == 204)
        #expect(empty.body.isEmpty)
    }

    @Test(arguments: HTTPClient.allCases)
    func handlerHeadersAndServerFramingArrive(client: HTTPClient) async throws {
        let asked = Date()
        let response = try await client.send(ClientRequest(path: "/tagged"), to: server)
        let answered = Date()
        #expect(response.headers["etag"] == #""v1""#)
        #expect(response.headers["x-route"] == "tagged")
        #expect(response.headers["content-length"] == String(response.body.count))
        let date = try #require(response.headers["date"])
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let sent = try #require(formatter.date(from: date), "Date header \(date) is not an IMF-fixdate")
        // The header counts whole seconds, so the second the request was sent in is the earliest.
        #expect(sent.timeIntervalSince1970 >= asked.timeIntervalSince1970.rounded(.down))
        #expect(sent <= answered)
    }

    @Test(arguments: HTTPClient.allCases)
    func delayedResponseArrivesAfterItsDelay(client: HTTPClient) async throws {
        let start = ContinuousClock.now
        let response = try await client.send(ClientRequest(path: "/slow"), to: server)
        #expect(response.text == "worth the wait")
        #expect(ContinuousClock.now - start >= Routes.delay)
    }

    @Test(arguments: HTTPClient.allCases)
    func headAnswersHeadersOnly(client: HTTPClient) async throws {
        let full = try await client.send(ClientRequest(path: "/users/1"), to: server)
        let head = try await client.send(ClientRequest(method: "HEAD", path: "/users/1"), to: server)
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(full.body.count))
        #expect(server.requests.last?.method == "HEAD")
    }

    @Test(arguments: HTTPClient.allCases)
    func postBodyReachesHandler(client: HTTPClient) async throws {
        let body = Data(#"{"name": "Grace Hopper"}"#.utf8)
        let response = try await client.send(
            ClientRequest(
                method: "POST", path: "/echo", headers: ["Content-Type": "application/json"], body: body),
            to: server)
        #expect(response.body == body)
        #expect(response.headers["x-method"] == "POST")
        let recorded = try #require(server.requests.last)
        #expect(recorded.method == "POST")
        #expect(recorded.body == body)
        #expect(recorded.headers["content-type"] == "application/json")
        #expect(recorded.headers["Content-Length"] == String(body.count))
    }

    @Test(arguments: HTTPClient.allCases)
    func chunkedUploadIsDecoded(client: HTTPClient) async throws {
        let body = Routes.largeBody(bytes: 200_000)
        let response = try await client.send(
            ClientRequest(method: "POST", path: "/echo", body: body, chunked: true), to: server)
        #expect(response.body == body)
        let recorded = try #require(server.requests.last)
        #expect(recorded.headers["transfer-encoding"]?.lowercased() == "chunked")
        #expect(recorded.headers["content-length"] == nil)
        #expect(recorded.body == body)
    }

    @Test(arguments: HTTPClient.allCases)
    func largeUploadArrivesWhole(client: HTTPClient) async throws {
        let body = Routes.largeBody(bytes: 900_000)
        let response = try await client.send(
            ClientRequest(method: "PUT", path: "/echo", body: body), to: server)
        #expect(response.status == 200)
        #expect(response.body == body)
    }

    @Test(arguments: HTTPClient.allCases)
    func queryItemsAreDecoded(client: HTTPClient) async throws {
        let response = try await client.send(
            ClientRequest(path: "/query?name=Ada%20Lovelace&page=2"), to: server)
        #expect(response.text == "name=Ada Lovelace&page=2")
        let recorded = try #require(server.requests.last)
        #expect(recorded.target == "/query?name=Ada%20Lovelace&page=2")
        #expect(recorded.path == "/query")
    }

    @Test func urlSessionReusesOneConnection() async throws {
        let session = URLSessionClient.makeSession()
        for _ in 0..<3 {
            _ = try await URLSessionClient.send(ClientRequest(path: "/users/1"), to: server, session: session)
        }
        #expect(Set(server.requests.map(\.connectionID)).count == 1)
    }

    @Test func curlReusesOneConnectionAcrossURLs() async throws {
        let url = server.url("/text").absoluteString
        let output = try await CurlClient.run(["--silent", "--show-error", url, url, url])
        #expect(String(decoding: output, as: UTF8.self) == "plain words" + "plain words" + "plain words")
        #expect(server.requestCount(path: "/text") == 3)
        #expect(Set(server.requests.map(\.connectionID)).count == 1)
    }

    @Test func curlGetsContinueBeforeSendingBody() async throws {
        // curl waits up to the expect timeout for `100 Continue`; a server that never sends it would
        // make this request outlast curl's own thirty-second limit.
        let body = Routes.largeBody(bytes: 50_000)
        let response = try await CurlClient.send(
            ClientRequest(method: "POST", path: "/echo", headers: ["Expect": "100-continue"], body: body),
            to: server,
            extraArguments: ["--expect100-timeout", "60"])
        #expect(response.body == body)
        #expect(server.requests.last?.headers["expect"] == "100-continue")
    }

    @Test func curlHTTP10ClosesAfterResponse() async throws {
        let url = server.url("/text").absoluteString
        _ = try await CurlClient.run(["--silent", "--show-error", "--http1.0", url, url])
        #expect(server.requests.map(\.version) == ["HTTP/1.0", "HTTP/1.0"])
        #expect(Set(server.requests.map(\.connectionID)).count == 2)
    }
}
