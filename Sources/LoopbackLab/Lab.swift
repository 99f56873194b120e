import Foundation
import LocalServer
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a chapter measures with: the shared routes served on loopback and URLSessions to call them.
///
/// Every rule gets the same lab; a rule that counts requests tags its URLs (`url(_:tag:)`) so that it
/// counts only its own, whatever ran before it.
public final class Lab: Sendable {
    /// The loopback server answering the shared routes; `url(_:tag:held:)` builds addresses on it.
    public let server: LocalServer
    /// The session most rules send their requests with, made from `sessionConfiguration()`.
    public let session: URLSession
    /// A second session, for the fault routes: it gives up on a request after `impatientTimeout`,
    /// and it has no connection left open by other rules (on a reused connection that drops,
    /// URLSession resends the request once by itself, which would double what the server sees).
    public let impatientSession: URLSession

    /// How long `impatientSession` waits for an answer.
    ///
    /// Linux Foundation counts timeouts in whole seconds (a fraction is cut off, and zero fails at
    /// once), and lets a request's `timeoutInterval` win only when it was set through the property,
    /// not when given to the initializer (chapter 2 measures it). One second, set in the
    /// configuration, works the same everywhere.
    public static let impatientTimeout: TimeInterval = 1

    /// Lets go of the answers a route holds (`Route.flaky(…, held: true)`), one at a time, so that
    /// a check decides when each arrives, whatever the machine's speed.
    public let heldAnswers: HeldAnswers

    private init(server: LocalServer, heldAnswers: HeldAnswers) {
        self.server = server
        self.heldAnswers = heldAnswers
        session = URLSession(configuration: Self.sessionConfiguration())
        let impatient = Self.sessionConfiguration()
        impatient.timeoutIntervalForRequest = Self.impatientTimeout
        impatientSession = URLSession(configuration: impatient)
    }

    /// An ephemeral configuration that goes straight to the local server.
    ///
    /// Ephemeral means nothing is written to disk, not that nothing is kept: cookies, credentials and,
    /// on Apple platforms, a private `URLCache` live in memory for as long as the session. On Apple platforms that cache
    /// may revalidate a response by itself or answer without a request while the response is
    /// fresh; Linux URLSession does not use it at all (chapter 7's tests measure that). The
    /// shared routes send no `Cache-Control`, `Expires` or `Last-Modified`, so no answer of theirs is
    /// fresh; the profile routes, which send validators, are loaded through `uncachedSession()`.
    ///
    /// On Apple platforms the empty proxy dictionary turns the system's proxies off; Linux
    /// URLSession ignores it, and starting a `LocalServer` takes loopback out of the environment's
    /// proxies instead. Chapters that need a session of their own start from this one.
    ///
    /// On Linux the configuration has no `URLCache`. Linux URLSession stores nothing in it, but it
    /// still looks a request up in it on a background queue, and a task cancelled in that window
    /// traps in Foundation ("Trying to access a behaviour for a task that in not in the registry",
    /// swift-corelibs-foundation issue 3296): measured here, resuming and cancelling 3,000 tasks
    /// trapped in 5 runs of 5 with the cache and in none of 5 without. A busy machine widens the
    /// window, and it ended a whole test run once.
    public static func sessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        #if canImport(FoundationNetworking)
            configuration.urlCache = nil
        #endif
        return configuration
    }

    /// Starts the server on an ephemeral loopback port and opens an ephemeral session.
    ///
    /// Requests are recorded on `Timeline.current` as it is at this moment, if there is one.
    public static func open() async throws -> Lab {
        let heldAnswers = HeldAnswers()
        let server = try await LocalServer.start(
            RouteTable.handler(recordingOn: Timeline.current, heldAnswers: heldAnswers))
        return Lab(server: server, heldAnswers: heldAnswers)
    }

    /// The server's URL for `route`, with `tag` as a query item so its requests can be told apart.
    /// With `held`, each answer waits until `heldAnswers` lets it go.
    public func url(_ route: String, tag: String? = nil, held: Bool = false) -> URL {
        let items = [
            tag.map { URLQueryItem(name: "tag", value: $0) },
            held ? URLQueryItem(name: "held", value: "1") : nil,
        ]
        .compactMap { $0 }
        let url = server.baseURL.appending(path: route)
        return items.isEmpty ? url : url.appending(queryItems: items)
    }

    /// The requests the server has received for exactly this URL's path and query, in arrival order.
    public func requests(for url: URL) -> [HTTPRequest] {
        let target = url.path(percentEncoded: true) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
        return server.requests.filter { $0.target == target }
    }

    /// How many requests the server has received for exactly this URL's path and query.
    public func requestCount(for url: URL) -> Int {
        requests(for: url).count
    }

    /// Stops the server, lets every held answer go, and lets the sessions go once their tasks are
    /// done.
    public func close() {
        heldAnswers.releaseAll()
        server.stop()
        session.finishTasksAndInvalidate()
        impatientSession.finishTasksAndInvalidate()
    }
}
