import Combine
import Foundation
import LocalServer
import LoopbackLab
import Testing
import TimeControl

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private typealias Response = URLSession.DataTaskPublisher.Output
private typealias ResponseSubscriber = TestSubscriber<Response, URLError>

/// Each test has its own server and its own session, so the session's task list is the test's alone.
@Suite("Foundation: URLSession.dataTaskPublisher against a local server")
struct FoundationDataTaskTests {
    private let session = URLSession(configuration: .ephemeral)

    private func startServer() async throws -> LocalServer {
        try await LocalServer.start { request in
            request.path == "/held"
                ? .text("late").delayed(by: .seconds(3600)) : RouteTable.response(to: request)
        }
    }

    @Test func noRequestIsSentBeforeTheSubscriberAsksForAValue() async throws {
        let server = try await startServer()
        defer { server.stop() }
        let subscriber = ResponseSubscriber(initialDemand: .none)
        session.dataTaskPublisher(for: server.url(Route.user)).subscribe(subscriber)
        #expect(subscriber.subscriptionDescriptions.count == 1)
        #expect(await tasks(of: session).isEmpty)
        #expect(server.requestCount() == 0)

        subscriber.request(.max(1))
        #expect(await until { !subscriber.completions.isEmpty })
        #expect(server.requestCount() == 1)
        #expect(subscriber.values.map(\.data) == [Data(#"{"id": 1, "name": "Ada Lovelace"}"#.utf8)])
        #expect(subscriber.completions.count == 1)
        #expect(subscriber.completions.first.map(isFinished) == true)
    }

    @Test func aSubscriptionCancelledBeforeItsFirstDemandNeverMakesATask() async throws {
        let server = try await startServer()
        defer { server.stop() }
        let subscriber = ResponseSubscriber(initialDemand: .none)
        session.dataTaskPublisher(for: server.url(Route.user)).subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        subscription.cancel()
        subscription.request(.max(1))
        // A demand creates and resumes the task at once, so a task made now would be listed now.
        #expect(await tasks(of: session).isEmpty)
        #expect(server.requestCount() == 0)
        #expect(subscriber.events.count == 1)
    }

    @Test func eachSubscriberSendsItsOwnRequest() async throws {
        let server = try await startServer()
        defer { server.stop() }
        let publisher = session.dataTaskPublisher(for: server.url(Route.user))
        let subscribers = (0..<3).map { _ in ResponseSubscriber() }
        for subscriber in subscribers {
            publisher.subscribe(subscriber)
        }
        #expect(await until { subscribers.allSatisfy { !$0.completions.isEmpty } })
        #expect(server.requestCount(path: Route.user) == 3)
        #expect(subscribers.map(\.values.count) == [1, 1, 1])
    }

    @Test func aLargerDemandStillGetsOneValueThenFinished() async throws {
        let server = try await startServer()
        defer { server.stop() }
        let subscriber = ResponseSubscriber(initialDemand: .max(3))
        session.dataTaskPublisher(for: server.url(Route.user)).subscribe(subscriber)
        #expect(await until { !subscriber.completions.isEmpty })
        #expect(subscriber.values.count == 1)
        #expect(subscriber.completions.map(isFinished) == [true])
    }

    @Test func cancellingTheSubscriptionCancelsTheRunningTask() async throws {
        let server = try await startServer()
        defer { server.stop() }
        let subscriber = ResponseSubscriber()
        session.dataTaskPublisher(for: server.url("/held")).subscribe(subscriber)
        _ = try await server.waitForRequest(path: "/held")
        let running = await tasks(of: session)
        #expect(running.count == 1)
        #expect(running.first?.state == .running)

        subscriber.cancel()
        #expect(await until { await tasks(of: session).isEmpty })
        #expect(running.first?.state == .completed)
        #expect((running.first?.error as? URLError)?.code == .cancelled)
        // The server had the request all along; the subscriber hears nothing after cancelling.
        #expect(server.requestCount(path: "/held") == 1)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.isEmpty)
    }

    @Test func theValueArrivesOnTheSessionsDelegateQueue() async throws {
        let server = try await startServer()
        defer { server.stop() }
        let delegateQueue = OperationQueue()
        delegateQueue.name = "dataTaskPublisher delegate queue"
        let ownSession = URLSession(configuration: .ephemeral, delegate: nil, delegateQueue: delegateQueue)
        defer { ownSession.finishTasksAndInvalidate() }
        let subscriber = ResponseSubscriber()
        let places = Places()
        subscriber.onValue { _ in places.record() }
        ownSession.dataTaskPublisher(for: server.url(Route.user)).subscribe(subscriber)
        #expect(await until { !subscriber.completions.isEmpty })
        #expect(places.recorded == [Place(queueName: delegateQueue.name, onMainThread: false)])
    }

    @Test func aNotFoundStatusArrivesAsAValueAndTheStreamFinishes() async throws {
        let server = try await startServer()
        defer { server.stop() }
        let subscriber = ResponseSubscriber()
        session.dataTaskPublisher(for: server.url(Route.missingUser)).subscribe(subscriber)
        #expect(await until { !subscriber.completions.isEmpty })
        #expect(subscriber.values.map { ($0.response as? HTTPURLResponse)?.statusCode } == [404])
        #expect(subscriber.completions.map(isFinished) == [true])
    }

    @Test func aRefusedConnectionFailsWithCannotConnectToHost() async throws {
        let url = closedLoopbackURL().appending(path: "users/1")
        let subscriber = ResponseSubscriber()
        session.dataTaskPublisher(for: url).subscribe(subscriber)
        #expect(await until { !subscriber.completions.isEmpty })
        #expect(subscriber.values.isEmpty)
        guard case .failure(let error) = try #require(subscriber.completions.first) else {
            Issue.record("finished instead of failing")
            return
        }
        #expect(error.code == .cannotConnectToHost)
        #expect(error.failingURL == url)
    }

    @Test(arguments: [
        (FailingProtocol.urlDomainHost, URLError.Code.notConnectedToInternet),
        (FailingProtocol.otherDomainHost, URLError.Code.unknown),
    ])
    func aLoadingErrorThatIsNotAURLErrorIsMappedByItsDomainAndCode(
        host: String, expected: URLError.Code
    ) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [FailingProtocol.self]
        let failingSession = URLSession(configuration: configuration)
        defer { failingSession.finishTasksAndInvalidate() }
        let subscriber = ResponseSubscriber()
        failingSession.dataTaskPublisher(for: URL(string: "\(FailingProtocol.scheme)://\(host)/")!).subscribe(
            subscriber)
        #expect(await until { !subscriber.completions.isEmpty })
        guard case .failure(let error) = try #require(subscriber.completions.first) else {
            Issue.record("finished instead of failing")
            return
        }
        #expect(error.code == expected)
    }

    @Test func aRequestIsSentAsGiven() async throws {
        let server = try await startServer()
        defer { server.stop() }
        var request = URLRequest(url: server.url("/echo?page=2"))
        request.httpMethod = "POST"
        request.setValue("workbook", forHTTPHeaderField: "X-Client")
        request.httpBody = Data("hello".utf8)
        let publisher = session.dataTaskPublisher(for: request)
        #expect(publisher.request == request)
        #expect(publisher.session === session)
        let subscriber = ResponseSubscriber()
        publisher.subscribe(subscriber)
        let received = try await server.waitForRequest(path: "/echo")
        #expect(received.method == "POST")
        #expect(received.target == "/echo?page=2")
        #expect(received.headers["x-client"] == "workbook")
        #expect(received.bodyText == "hello")
    }

    @Test func theSubscriptionDescribesItselfAsDataTaskPublisher() {
        let subscriber = ResponseSubscriber(initialDemand: .none)
        session.dataTaskPublisher(for: closedLoopbackURL()).subscribe(subscriber)
        #expect(subscriber.subscriptionDescriptions == ["DataTaskPublisher"])
        subscriber.cancel()
    }
}

/// A loader for the `failing:` scheme that fails every request with an `NSError`, as a custom
/// protocol (or Foundation on Apple platforms) may: in the URL error domain for one host, in another
/// domain for the other. Linux's own HTTP loader already reports `URLError`s, so this is the way to
/// see what the publisher makes of anything else.
private final class FailingProtocol: URLProtocol {
    static let scheme = "failing"
    static let urlDomainHost = "url-domain"
    static let otherDomainHost = "other-domain"

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.scheme == scheme
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        let error =
            request.url?.host == Self.urlDomainHost
            ? NSError(domain: NSURLErrorDomain, code: URLError.Code.notConnectedToInternet.rawValue)
            : NSError(domain: "FoundationDataTaskTests", code: 7)
        client?.urlProtocol(self, didFailWithError: error)
    }

    override func stopLoading() {}
}

private func isFinished(_ completion: Subscribers.Completion<URLError>) -> Bool {
    if case .finished = completion { return true }
    return false
}

/// Where a subscriber was called: the operation queue it ran on, and whether that was the main thread.
private struct Place: Equatable {
    let queueName: String?
    let onMainThread: Bool
}

/// The places recorded from whichever thread the subscriber runs on.
private final class Places: @unchecked Sendable {
    private let lock = NSLock()
    private var places: [Place] = []

    var recorded: [Place] { lock.withLock { places } }

    func record() {
        let place = Place(queueName: OperationQueue.current?.name, onMainThread: Thread.isMainThread)
        lock.withLock { places.append(place) }
    }
}
