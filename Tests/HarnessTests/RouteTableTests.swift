import Foundation
import LocalServer
import LoopbackLab
import Testing

/// Every route the lab names has a row here saying how it answers a plain request, checked against
/// the lab's own handler without a socket (the routes' behaviour over a real connection is in
/// `LabTests` and the suites of their own). A route named in `Route` without a row, or a row whose
/// route is not answered, fails: steps 2 and 3 of CONTRIBUTING's "Adding a route".
@Suite("Routes: every route the lab names has a row")
struct RouteTableTests {
    static let rows: [(route: String, method: String, answer: String)] = [
        (Route.user, "GET", #"200: {"id": 1, "name": "Ada Lovelace"}"#),
        (Route.missingUser, "GET", #"404: {"error": "no such user"}"#),
        (Route.busy, "GET", #"503: {"error": "try later"}"#),
        (Route.broken, "GET", #"200: {"id": "one""#),
        (Route.slow, "GET", #"200 after 2.0 s: {"id": 3, "name": "Slow Sam"}"#),
        (Route.verySlow, "GET", #"200 after 60.0 s: {"id": 3, "name": "Slow Sam"}"#),
        (Route.delayedUser, "GET", #"200 after 0.15 s: {"id": 1, "name": "Ada Lovelace"}"#),
        (Route.numberedUser, "GET", #"200 after 0.15 s: {"id": 1, "name": "Ada Lovelace", "answer": 1}"#),
        (Route.slowUser, "GET", #"200 after 1.0 s: {"id": 3, "name": "Slow Sam"}"#),
        (Route.hangUp, "GET", "hangs up without answering"),
        (Route.silence, "GET", "never answers"),
        (Route.cutShort, "GET", #"200, body cut after 10 bytes: {"id": 1, "name": "Ada Lovelace"}"#),
        (Route.movedUser, "GET", "301 to /users/1"),
        (Route.redirectLoop, "GET", "302 to /redirect-loop"),
        (Route.redirectNowhere, "GET", "302"),
        (Route.flaky, "GET", #"200: {"id": 1, "name": "Ada Lovelace"}"#),
        (Route.orders, "GET", #"200: {"orders": 0}"#),
        (Route.profile, "GET", #"200: {"id": 1, "name": "Ada Lovelace"}"#),
        (Route.heldProfile, "GET", #"200: {"id": 1, "name": "Ada Lovelace"}"#),
        (Route.datedProfile, "GET", #"200: {"id": 1, "name": "Ada Lovelace"}"#),
        (Route.renameProfile, "POST", "204"),

        (Route.search, "GET", "200: results for "),
        (Route.image, "GET", "200: image/png"),
        (Route.slowImage, "GET", "200 after 2.0 s: image/png"),
        (Route.missingImage, "GET", "404: no such image"),
        (Route.userList, "GET", "200: [{"),
        (Route.slowUserList, "GET", "200 after 60.0 s: [{"),
        (Route.retiredUserList, "GET", #"404: {"error": "no such list"}"#),
        (Route.failingUserList, "GET", #"500: {"error": "database unavailable"}"#),
        (Route.flakyUserList, "GET", "200: [{"),
    ]

    @Test(arguments: rows)
    func eachRouteAnswersAsItsRowSays(route: String, method: String, answer: String) async {
        let request = HTTPRequest(method: method, target: route)
        #expect(summary(of: await respond(to: request)) == answer, "\(method) \(route)")
    }

    /// The rows name every route of `Route`, read from its source.
    @Test func everyRouteTheLabNamesHasARow() throws {
        let routes = try String(contentsOf: routesSource, encoding: .utf8)
        let named = routes.split(separator: "\n").compactMap { line -> Substring? in
            let words = line.split(separator: " ")
            guard words.starts(with: ["public", "static", "let"]), words.count > 5, words[5].hasPrefix("\"/")
            else { return nil }
            return words[3]
        }
        let rowsSource = try String(contentsOf: URL(filePath: #filePath), encoding: .utf8)
        #expect(named.count == Self.rows.count)
        #expect(named.filter { !rowsSource.contains("(Route.\($0), ") } == [])
    }

    /// How the lab answers `request`: from its table, or for the routes that keep state (orders, the
    /// profile) from its handler, whose delays are not waited out here because none of them has one.
    private func respond(to request: HTTPRequest) async -> HTTPResponse {
        let fromTheTable = RouteTable.response(to: request)
        guard fromTheTable.status == 404, fromTheTable.body == Data("not found".utf8) else {
            return fromTheTable
        }
        return await RouteTable.handler(recordingOn: nil)(request)
    }

    /// A response as a row says it: status, delay, fault, where it redirects, and how its body starts.
    private func summary(of response: HTTPResponse) -> String {
        switch response.fault {
        case .closeWithoutAnswer: return "hangs up without answering"
        case .neverAnswer: return "never answers"
        default: break
        }
        var text = "\(response.status)"
        if response.delay > .zero { text += " after \(response.delay / .seconds(1)) s" }
        if case .truncateBody(let bytes) = response.fault { text += ", body cut after \(bytes) bytes" }
        if let location = response.headers["Location"] { return text + " to \(location)" }
        if response.headers["Content-Type"] == "image/png" { return text + ": image/png" }
        let body = String(decoding: response.body, as: UTF8.self)
        if body.isEmpty { return text }
        // A list is shown by its first element's opening: its text is the route's doc comment's.
        return text + ": " + (body.hasPrefix("[") ? "[{" : body)
    }

    private var routesSource: URL {
        URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources/LoopbackLab/Routes.swift")
    }
}
