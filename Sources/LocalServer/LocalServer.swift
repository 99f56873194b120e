import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 for tests and demonstrations: start it with a handler, point
/// a client at `baseURL`, then look at what arrived.
///
/// It listens on loopback only, on a port the system picks. Connections are served concurrently,
/// requests on one connection in order. `stop()` (or releasing the server) closes everything at once.
///
/// A few threads of its own (`Configuration.threads`) serve all of a server's sockets and run its
/// handler, which is what makes it fast. A handler may await anything (it gives the thread back
/// while it waits) but must not block the thread: to answer late, give the response a `delay`
/// or sleep with `Task.sleep`. The handler's task is cancelled when its client goes away before the
/// answer is sent (see `abandonedRequests`) or when the server stops.
///
/// Starting one also makes sure this process reaches it directly, whatever proxy the environment
/// names (see `LoopbackWithoutProxy`).
public final class LocalServer: Sendable {
    /// Answers one request; called once per request that parsed, after it was recorded.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// The loopback port the system picked when the server started listening.
    public let port: UInt16
    /// `http://127.0.0.1:<port>`, without a trailing slash.
    public let baseURL: URL
    /// The limits this server was started with.
    public let configuration: Configuration
    private let log: RequestLog
    private let server: Server

    /// Starts listening on an ephemeral loopback port and returns once connections can be made.
    ///
    /// The task that starts a server waits on it from then on, so it runs at high priority (on
    /// macOS 26 and Linux). On Linux, Swift runs the tasks of one priority on as many threads as
    /// there are cores, first come first served: a task waking from a wait at the priority of a
    /// busy test suite's other tests queues behind their work, and whatever it measures grows.
    public static func start(
        configuration: Configuration = Configuration(), _ handler: @escaping Handler
    ) async throws(LocalServerError) -> LocalServer {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            withUnsafeCurrentTask { $0?.escalatePriority(to: .high) }
        }
        return try LocalServer(configuration: configuration, handler: handler)
    }

    private init(configuration: Configuration, handler: @escaping Handler) throws(LocalServerError) {
        LoopbackWithoutProxy.ensured
        log = RequestLog()
        server = try Server(configuration: configuration, handler: handler, log: log)
        port = server.port
        baseURL = URL(string: "http://127.0.0.1:\(server.port)")!
        self.configuration = configuration
    }

    deinit {
        stop()
    }

    /// The URL of `pathAndQuery` (such as `/users/1?verbose=1`) on this server.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery)!
    }

    /// Every request received so far, in arrival order.
    public var requests: [HTTPRequest] { log.requests }

    /// The requests whose client went away before their answer was sent, in the order the server
    /// noticed. A client going away is seen as the connection closing while the handler works on
    /// the request or the response's delay runs; the server then cancels the handler's task and
    /// the delay, and sends nothing.
    public var abandonedRequests: [AbandonedRequest] { log.abandoned }

    /// How many requests arrived for `path` (the path without its query), or in all when `path` is `nil`.
    public func requestCount(path: String? = nil) -> Int {
        log.count(path: path)
    }

    /// Waits for the `number`-th request (counting from 1) to `path`, or to any path when `path` is
    /// `nil`, and returns it; returns at once if it already arrived.
    ///
    /// Throws `LocalServerError.waitTimedOut` when it has not arrived within `timeout`,
    /// `.stoppedWhileWaiting` when the server stops first, and `CancellationError` when the task is cancelled.
    /// The default timeout is a safety net that a working run never reaches; it is long because on
    /// a loaded machine the waiting task itself may wait many seconds for a thread.
    public func waitForRequest(
        number: Int = 1, path: String? = nil, timeout: Duration = .seconds(120)
    ) async throws -> HTTPRequest {
        try await log.waitForRequest(number: number, path: path, timeout: timeout)
    }

    /// Closes the listener and every connection, cancels pending delays, and fails pending waits.
    /// Safe to call more than once; the port can be bound again as soon as it returns.
    public func stop() {
        server.stop()
        log.stop()
    }
}
