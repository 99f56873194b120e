import Foundation
import LocalServer
import Locking
import Timelines

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
    /// `delayedUser` with the answer's number added to its body, `{"id": 1, "name": "Ada Lovelace",
    /// "answer": N}`, N counting the requests to the same URL (tag included): no two answers are
    /// alike, so a value kept from an earlier answer can be told from a fresh one.
    public static let numberedUser = "/users/1/numbered"
    /// 200 with user 3, "Slow Sam", after `RouteTable.slowUserDelay`: the slow half of a race
    /// between two loads, long after a quick `/users/1` has answered (or at once when the lab's
    /// `heldAnswers.sendDelayedAnswersNow()` is called, once that quick answer is in).
    public static let slowUser = "/users/3"
    /// The connection is closed without any answer.
    public static let hangUp = "/hang-up"
    /// The connection stays open and no answer ever comes.
    public static let silence = "/silence"
    /// 200 with user 1's full length announced, but the connection closes after the first few
    /// bytes of the body: a response whose head arrived and whose body never did.
    public static let cutShort = "/users/1/cut-short"
    /// 301 to `Route.user`: a redirect URLSession follows by itself.
    public static let movedUser = "/users/1/moved"
    /// 302 back to itself, every time: redirects that never end.
    public static let redirectLoop = "/redirect-loop"
    /// 302 with no `Location` header: a redirect that names nowhere to go.
    public static let redirectNowhere = "/redirect-nowhere"
    /// Fails a set number of times, then answers 200 with user 1. Its query says how:
    /// `fail=N` requests to the same URL get an error first (each URL, tag included, counts its
    /// own), `status=S` picks the error (503 unless given), and `retry-after=SECONDS` adds a
    /// `Retry-After` header to it, and `held=1` holds every answer, error or not, until the lab's
    /// `heldAnswers` lets it go. Build its URLs with `flaky(failing:status:retryAfter:held:)`.
    public static let flaky = "/flaky"

    /// `Route.flaky`'s query items for a route that fails `failures` times (with `status`, or 503),
    /// naming `retryAfter` seconds in a `Retry-After` header when given, and holding each answer
    /// until the lab's `heldAnswers` lets it go when `held`.
    public static func flaky(
        failing failures: Int, status: Int? = nil, retryAfter: Int? = nil, held: Bool = false
    ) -> [URLQueryItem] {
        let options = [("status", status), ("retry-after", retryAfter), ("held", held ? 1 : nil)]
            .compactMap { name, value in
                value.map { URLQueryItem(name: name, value: "\($0)") }
            }
        return [URLQueryItem(name: "fail", value: "\(failures)")] + options
    }
    /// `POST` places an order (per `tag`), answered 201 after a minute; `GET` answers at once how
    /// many orders the server has on record for the tag, as `{"orders": n}`.
    public static let orders = "/orders"
    /// 200 with user 1 and an `ETag`, or 304 with no body when `If-None-Match` names that `ETag`.
    public static let profile = "/profile"
    /// `profile`, as it was when the request arrived, but answered only once as many requests of the
    /// same tag have arrived as its `together` query item says: they are all in flight at once,
    /// however slowly the client sends them. The last is answered then; each earlier one only if its
    /// client is still there 5 seconds later.
    public static let heldProfile = "/profile/held"
    /// The same profile labelled with a date instead: 200 with user 1 and a `Last-Modified` date, or
    /// 304 with no body when `If-Modified-Since` names that date or a later one.
    public static let datedProfile = "/profile/dated"
    /// A `POST` here renames the profile's user, which gives the profile a new `ETag` and a later
    /// `Last-Modified` date.
    public static let renameProfile = "/profile/rename"
    /// 200 with the text `results for Q`, Q being the `q` query item. Exercise 5's checks ask it with
    /// `held`, so that a search box's next query starts while the request of the one before is
    /// still waiting for its answer.
    public static let search = "/search"
    /// 200 with a small PNG picture (`PNGImage.sample`), as `image/png`.
    public static let image = "/images/gradient.png"
    /// The same picture after `RouteTable.slowDelay`: a download still under way when a rule
    /// cancels it or lets its owner go, however loaded the machine.
    public static let slowImage = "/images/slow-gradient.png"
    /// 404 with a plain-text body: an image the server does not have.
    public static let missingImage = "/images/missing.png"
    /// 200 with a JSON array of three users, each with an integer `id`, a `name` and an `email`.
    public static let userList = "/users"
    /// The user list after a minute: still pending when a screen is closed in the middle of loading it.
    public static let slowUserList = "/users/slow"
    /// 404 with `{"error": "no such list"}`: a list the server no longer has.
    public static let retiredUserList = "/v1/users"
    /// 500 with `{"error": "database unavailable"}`.
    public static let failingUserList = "/users/failing"
    /// `flaky`, answering with the user list once it stops failing (same query items).
    public static let flakyUserList = "/users/flaky"
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

    /// How long `Route.slowUser` waits before answering: far longer than a loopback request takes,
    /// so a request sent after it answers first.
    public static let slowUserDelay = Duration.seconds(1)

    /// The body `Route.user` and `Route.delayedUser` answer with.
    public static let userBody = #"{"id": 1, "name": "Ada Lovelace"}"#

    /// The body `Route.userList` answers with: three users, their ids JSON integers.
    public static let userListBody = """
        [{"id": 1, "name": "Ada Lovelace", "email": "ada@example.com"}, \
        {"id": 4, "name": "Grace Hopper", "email": "grace@example.com"}, \
        {"id": 5, "name": "Katherine Johnson", "email": "katherine@example.com"}]
        """

    /// The response for `request`, chosen by its path; only `Route.flaky`, `Route.flakyUserList` and `Route.search` read
    /// the query, and only the flaky ones and `Route.numberedUser` read `attempt` (how many requests for the same target the server has had, this one included).
    public static func response(to request: HTTPRequest, attempt: Int = 1) -> HTTPResponse {
        switch request.path {
        case Route.user: .json(userBody)
        case Route.missingUser: .json(#"{"error": "no such user"}"#, status: 404)
        case Route.busy: .json(#"{"error": "try later"}"#, status: 503)
        case Route.broken: .json(#"{"id": "one""#)
        case Route.slow: .json(#"{"id": 3, "name": "Slow Sam"}"#).delayed(by: slowDelay)
        case Route.verySlow: .json(#"{"id": 3, "name": "Slow Sam"}"#).delayed(by: verySlowDelay)
        case Route.delayedUser: .json(userBody).delayed(by: shortDelay)
        case Route.numberedUser:
            .json(#"{"id": 1, "name": "Ada Lovelace", "answer": \#(attempt)}"#).delayed(by: shortDelay)
        case Route.slowUser: .json(#"{"id": 3, "name": "Slow Sam"}"#).delayed(by: slowUserDelay)
        case Route.hangUp: .closeWithoutAnswer
        case Route.silence: .neverAnswer
        case Route.cutShort: .json(userBody).truncated(sendingBytes: 10)
        case Route.movedUser: .status(301, headers: ["Location": Route.user])
        case Route.redirectLoop: .status(302, headers: ["Location": Route.redirectLoop])
        case Route.redirectNowhere: .status(302)
        case Route.flaky: flakyResponse(to: request, attempt: attempt, answer: userBody)
        case Route.userList: .json(userListBody)
        case Route.slowUserList: .json(userListBody).delayed(by: verySlowDelay)
        case Route.retiredUserList: .json(#"{"error": "no such list"}"#, status: 404)
        case Route.failingUserList: .json(#"{"error": "database unavailable"}"#, status: 500)
        case Route.flakyUserList: flakyResponse(to: request, attempt: attempt, answer: userListBody)
        case Route.search: .text("results for " + (request.queryValue("q") ?? ""))
        case Route.image: imageResponse
        case Route.slowImage: imageResponse.delayed(by: slowDelay)
        case Route.missingImage: .text("no such image", status: 404)
        default: .text("not found", status: 404)
        }
    }

    /// `Route.image`'s answer: the sample PNG with its media type.
    private static let imageResponse = HTTPResponse(
        headers: ["Content-Type": "image/png"], body: PNGImage.sample)

    /// `Route.flaky` and `Route.flakyUserList`: the error the query asks for while `attempt` is
    /// within `fail`, then `answer`.
    private static func flakyResponse(to request: HTTPRequest, attempt: Int, answer: String) -> HTTPResponse {
        let query = Dictionary(request.queryItems.map { ($0.name, $0.value ?? "") }) { first, _ in first }
        guard attempt <= query["fail"].flatMap(Int.init) ?? 0 else { return .json(answer) }
        var headers: HTTPHeaders = [:]
        headers["Retry-After"] = query["retry-after"]
        return .json(
            #"{"error": "try later"}"#, status: query["status"].flatMap(Int.init) ?? 503, headers: headers)
    }

    /// A server handler answering from the table (and from an order book and a profile of its own,
    /// for `Route.orders` and the profile routes) that also records each exchange on `timeline`'s
    /// server lane: the request, then the response, a hang-up, a client that left, or nothing for a
    /// request it never answers. The events of one request share an exchange number.
    ///
    /// The handler runs on the server's threads, outside the task that set `Timeline.current`, so
    /// the timeline is captured here, when the server is started. A request and its immediate
    /// answer are recorded together, so concurrent connections cannot interleave on the one server
    /// lane. A delayed answer is waited out here rather than by the server, so that it is recorded
    /// when it is sent, or, when the client goes away first (the server then cancels the handler),
    /// recorded as an answer never sent.
    public static func handler(
        recordingOn timeline: Timeline?, heldAnswers: HeldAnswers = HeldAnswers()
    ) -> @Sendable (HTTPRequest) async -> HTTPResponse {
        // How many exchanges have begun; its lock also keeps a request and its immediate answer
        // together on the server lane. (A lock around no value at all is what ThreadSanitizer
        // misreads as a race, so the one lock does both jobs.)
        let exchanges = Locked(0)
        let attempts = Locked([String: Int]())
        let orders = OrderBook()
        let profile = ProfileResource()
        return { request in
            let attempt = attempts.withLock { counts in
                counts[request.target, default: 0] += 1
                return counts[request.target, default: 0]
            }
            let exchange = exchanges.withLock { count in
                count += 1
                return count
            }
            func recordRequest() {
                timeline?.record(
                    .request, lane: Timeline.serverLane, detail: "\(request.method) \(request.target)",
                    at: request.arrivalTime, exchange: exchange)
            }
            func recordClientLeft() {
                timeline?.record(
                    .cancel, lane: Timeline.serverLane, detail: "client went away, answer never sent",
                    exchange: exchange)
            }
            // A held answer waits for other requests to arrive, so its request is drawn on arrival,
            // in arrival order; every other request is drawn with its answer.
            let held = request.path == Route.heldProfile || request.queryValue("held") != nil
            if held { exchanges.withLock { _ in recordRequest() } }
            if request.queryValue("held") != nil { await heldAnswers.waitForRelease(of: attempt) }
            let answer: HTTPResponse? =
                request.path == Route.orders
                ? orders.response(to: request) : await profile.response(to: request)
            let response = answer ?? response(to: request, attempt: attempt)
            func recordAnswer() {
                if let (kind, detail) = response.timelineAnswer {
                    timeline?.record(kind, lane: Timeline.serverLane, detail: detail, exchange: exchange)
                }
            }
            guard response.delay > .zero else {
                // A held answer's client may have gone in the meantime: the server cancels the
                // handler then, and writes nothing.
                exchanges.withLock { _ in
                    if !held { recordRequest() }
                    if Task.isCancelled { recordClientLeft() } else { recordAnswer() }
                }
                return response
            }
            recordRequest()
            do {
                try await heldAnswers.waitOut(response.delay, arrivedAt: request.arrivalTime)
            } catch {
                // The lab stops its server only after the last rule, so here the client went away.
                recordClientLeft()
                return response
            }
            recordAnswer()
            return response.delayed(by: .zero)
        }
    }
}

extension HTTPResponse {
    /// What the server does about the request, as a timeline event: a response with its status, or
    /// a hang-up; nil when it never answers, because nothing happens.
    fileprivate var timelineAnswer: (Timeline.Event.Kind, String)? {
        switch fault {
        case .closeWithoutAnswer: (.hangUp, "")
        case .neverAnswer: nil
        case .truncateBody: (.response, "\(status), body cut short")
        case nil: (.response, "\(status)")
        }
    }
}
