import LocalServer
import Locking

/// The paths the shared server answers, named for what they stand for.
public enum Route {
    /// 200 with `{"id": 1, "name": "Ada Lovelace"}`.
    public static let user = "/users/1"
    /// 404 with `{"error": "no such user"}`.
    public static let missingUser = "/users/2"
    /// 503 with `{"error": "try later"}`.
    public static let busy = "/busy"
    /// 200 with a body that is not valid JSON.
    public static let broken = "/broken"
    /// 200 with user 3, "Slow Sam", after two seconds.
    public static let slow = "/slow"
    /// 200 with user 3 after a minute: a request still pending whenever a rule gets round to
    /// cancelling it, however loaded the machine.
    public static let verySlow = "/very-slow"
    /// 200 with user 1 after a short pause: long enough that subscribers attached one after the
    /// other are all waiting before it answers.
    public static let delayedUser = "/users/1/delayed"
    /// The connection is closed without any answer.
    public static let hangUp = "/hang-up"
    /// The connection stays open and no answer ever comes.
    public static let silence = "/silence"
    /// `POST` places an order (per `tag`), answered 201 after a minute; `GET` answers at once how
    /// many orders the server has on record for the tag, as `{"orders": n}`.
    public static let orders = "/orders"
}

/// What the shared server answers on each route; anything unknown is a plain-text 404.
public enum RouteTable {
    /// How long `Route.delayedUser` waits before answering.
    public static let shortDelay = Duration.milliseconds(150)

    /// How long `Route.slow` waits before answering.
    public static let slowDelay = Duration.seconds(2)

    /// How long `Route.verySlow` and a `POST` to `Route.orders` wait before answering: so long that
    /// a client cancelling them is sure to do so while the server holds the request.
    public static let verySlowDelay = Duration.seconds(60)

    /// The body `Route.user` and `Route.delayedUser` answer with.
    public static let userBody = #"{"id": 1, "name": "Ada Lovelace"}"#

    /// The response for `request`, chosen by its path alone (queries are ignored).
    public static func response(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case Route.user: .json(userBody)
        case Route.missingUser: .json(#"{"error": "no such user"}"#, status: 404)
        case Route.busy: .json(#"{"error": "try later"}"#, status: 503)
        case Route.broken: .json(#"{"id": "one""#)
        case Route.slow: .json(#"{"id": 3, "name": "Slow Sam"}"#).delayed(by: slowDelay)
        case Route.verySlow: .json(#"{"id": 3, "name": "Slow Sam"}"#).delayed(by: verySlowDelay)
        case Route.delayedUser: .json(userBody).delayed(by: shortDelay)
        case Route.hangUp: .closeWithoutAnswer
        case Route.silence: .neverAnswer
        default: .text("not found", status: 404)
        }
    }

    /// A server handler answering from the table (and from an order book of its own for
    /// `Route.orders`) that also records each exchange on `timeline`'s "server" lane.
    ///
    /// The handler runs on the server's threads, outside the task that set `Timeline.current`, so
    /// the timeline is captured here, when the server is started. A request and its immediate
    /// response are recorded together, so concurrent connections cannot interleave on the one
    /// server lane. A delayed response is waited out here rather than by the server, so that it is
    /// recorded when it is sent, or, when the client goes away first (the server then cancels the
    /// handler), recorded as an answer never sent.
    public static func handler(
        recordingOn timeline: Timeline?
    ) -> @Sendable (HTTPRequest) async -> HTTPResponse {
        let pairing = Locked(())
        let orders = OrderBook()
        return { request in
            let response = request.path == Route.orders ? orders.response(to: request) : response(to: request)
            let requestDetail = "\(request.method) \(request.target)"
            guard response.delay > .zero else {
                pairing.withLock { _ in
                    timeline?.record(.request, lane: "server", detail: requestDetail, at: request.arrivalTime)
                    timeline?.record(.response, lane: "server", detail: response.timelineDetail)
                }
                return response
            }
            timeline?.record(.request, lane: "server", detail: requestDetail, at: request.arrivalTime)
            do {
                try await Task.sleep(for: response.delay)
            } catch {
                // The lab stops its server only after the last rule, so here the client went away.
                timeline?.record(.cancel, lane: "server", detail: "client went away, answer never sent")
                return response
            }
            timeline?.record(.response, lane: "server", detail: response.timelineDetail)
            return response.delayed(by: .zero)
        }
    }
}

extension HTTPResponse {
    /// The status, or what the fault does instead of answering.
    fileprivate var timelineDetail: String {
        switch fault {
        case .closeWithoutAnswer: "closes without answering"
        case .neverAnswer: "never answers"
        case .truncateBody: "\(status), body cut short"
        case nil: "\(status)"
        }
    }
}
