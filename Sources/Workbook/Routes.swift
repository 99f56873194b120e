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
    /// 200 with user 1 after a short pause: long enough that subscribers attached one after the
    /// other are all waiting before it answers.
    public static let delayedUser = "/users/1/delayed"
    /// The connection is closed without any answer.
    public static let hangUp = "/hang-up"
    /// The connection stays open and no answer ever comes.
    public static let silence = "/silence"
    /// 200 with user 1 and an `ETag`, or 304 with no body when `If-None-Match` names that `ETag`.
    public static let profile = "/profile"
    /// `profile`, as it was when the request arrived, but answered only once as many requests of the
    /// same tag have arrived as its `together` query item says: they are all in flight at once,
    /// however slowly the client sends them.
    public static let heldProfile = "/profile/held"
    /// A `POST` here renames the profile's user, which gives the profile a new `ETag`.
    public static let renameProfile = "/profile/rename"
}

/// What the shared server answers on each route; anything unknown is a plain-text 404.
public enum RouteTable {
    /// How long `Route.delayedUser` waits before answering.
    public static let shortDelay = Duration.milliseconds(150)

    /// The body `Route.user` and `Route.delayedUser` answer with.
    public static let userBody = #"{"id": 1, "name": "Ada Lovelace"}"#

    /// The response for `request`, chosen by its path alone (queries are ignored).
    public static func response(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case Route.user: .json(userBody)
        case Route.missingUser: .json(#"{"error": "no such user"}"#, status: 404)
        case Route.busy: .json(#"{"error": "try later"}"#, status: 503)
        case Route.broken: .json(#"{"id": "one""#)
        case Route.slow: .json(#"{"id": 3, "name": "Slow Sam"}"#).delayed(by: .seconds(2))
        case Route.delayedUser: .json(userBody).delayed(by: shortDelay)
        case Route.hangUp: .closeWithoutAnswer
        case Route.silence: .neverAnswer
        default: .text("not found", status: 404)
        }
    }

    /// A server handler answering from the table (and from a profile of its own, whose state lives
    /// as long as the handler) that also records each exchange on `timeline`'s
    /// "server" lane.
    ///
    /// The handler runs on the server's threads, outside the task that set `Timeline.current`, so
    /// the timeline is captured here, when the server is started. A request and its response are
    /// recorded together, so concurrent connections cannot interleave on the one server lane; a
    /// delayed response is stamped with the time it will be sent.
    public static func handler(
        recordingOn timeline: Timeline?
    ) -> @Sendable (HTTPRequest) async -> HTTPResponse {
        let pairing = Locked(())
        let profile = ProfileResource()
        return { request in
            let response = await profile.response(to: request) ?? response(to: request)
            pairing.withLock { _ in
                timeline?.record(
                    .request, lane: "server", detail: "\(request.method) \(request.target)",
                    at: request.arrivalTime)
                timeline?.record(
                    .response, lane: "server", detail: response.timelineDetail, at: .now + response.delay)
            }
            return response
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
