import Foundation
import LocalServer
import Locking
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The user profile behind `Route.profile`: a representation with an `ETag`, so a client can ask
/// "has it changed?" with `If-None-Match` and get `304 Not Modified` with no body when it has not.
/// `Route.datedProfile` is the same profile labelled with its `Last-Modified` date instead, for
/// clients that ask with `If-Modified-Since`.
///
/// A `POST` to `Route.renameProfile` changes the user's name, and with it the `ETag` and the date.
/// Each tag (the `tag` query item) has a profile of its own, so rules sharing a server do not see
/// each other's renames.
public final class ProfileResource: Sendable {
    /// The names the profile has had, one per version: the first, then the one after each rename.
    public static let names = ["Ada Lovelace", "Augusta Ada King"]

    /// When each of those versions was made, as the HTTP dates `Route.datedProfile` sends in
    /// `Last-Modified`: fixed, so every run reads the same.
    public static let lastModifiedDates = ["Sun, 01 Nov 2026 09:00:00 GMT", "Sun, 01 Nov 2026 10:30:00 GMT"]

    private let versions = Locked<[String: Int]>([:])
    private let gates = Locked<[String: Gate]>([:])

    /// Requests of one tag to `Route.heldProfile`, waiting until enough of them have arrived.
    private struct Gate {
        var arrived = 0
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }

    /// The answer when `request` is for the profile, `nil` for any other route.
    func response(to request: HTTPRequest) async -> HTTPResponse? {
        let query = request.queryItems
        let tag = query.first { $0.name == "tag" }?.value ?? ""
        switch (request.method, request.path) {
        case ("GET", Route.profile):
            return representation(for: tag, ifNoneMatch: request.headers["If-None-Match"])
        case ("GET", Route.datedProfile):
            return datedRepresentation(for: tag, ifModifiedSince: request.headers["If-Modified-Since"])
        case ("GET", Route.heldProfile):
            let answer = representation(for: tag, ifNoneMatch: request.headers["If-None-Match"])
            let together = query.first { $0.name == "together" }?.value.flatMap { Int($0) } ?? 1
            if await !arrive(tag: tag, thenWaitFor: together) {
                // An earlier request is answered only if its client is still there after a grace
                // period: the server cancels this handler as soon as it sees the client leave, so
                // a client that left is never written to, however late the server noticed.
                try? await Task.sleep(for: Self.graceForEarlierRequests)
            }
            return answer
        case ("POST", Route.renameProfile):
            versions.withLock { $0[tag, default: 0] += 1 }
            return .status(204)
        default:
            return nil
        }
    }

    /// How long an earlier request of a held group waits, once the group is complete, for its
    /// client to leave before it is answered after all.
    static let graceForEarlierRequests = Duration.seconds(5)

    /// Counts one arrival for `tag` and returns once `together` requests of that tag have arrived:
    /// true for the arrival that completed the group, false for an earlier one.
    private func arrive(tag: String, thenWaitFor together: Int) async -> Bool {
        await withCheckedContinuation { waiter in
            let released = gates.withLock { gates in
                gates[tag, default: Gate()].arrived += 1
                gates[tag]!.waiting.append(waiter)
                guard gates[tag]!.arrived >= together else { return [CheckedContinuation<Bool, Never>]() }
                defer { gates[tag]!.waiting = [] }
                return gates[tag]!.waiting
            }
            for (index, held) in released.enumerated() {
                held.resume(returning: index == released.count - 1)
            }
        }
    }

    /// The profile as it is now for `tag`, or `304 Not Modified` when the client has that already.
    private func representation(for tag: String, ifNoneMatch: String?) -> HTTPResponse {
        let version = version(of: tag)
        let etag = #""v\#(version + 1)""#
        if ifNoneMatch == etag {
            return .status(304, headers: ["ETag": etag])
        }
        return .json(Self.body(of: version), headers: ["ETag": etag])
    }

    /// The profile as it is now for `tag` with its `Last-Modified` date, or `304 Not Modified` when
    /// the client's copy is from that date or later. A date that does not parse is ignored, as
    /// HTTP says, and the whole profile sent.
    private func datedRepresentation(for tag: String, ifModifiedSince: String?) -> HTTPResponse {
        let version = version(of: tag)
        let lastModified = Self.lastModifiedDates[Self.named(version)]
        if let since = ifModifiedSince.flatMap(httpDate), let modified = httpDate(lastModified),
            modified <= since
        {
            return .status(304, headers: ["Last-Modified": lastModified])
        }
        return .json(Self.body(of: version), headers: ["Last-Modified": lastModified])
    }

    /// How many renames `tag`'s profile has had.
    private func version(of tag: String) -> Int {
        versions.withLock { $0[tag, default: 0] }
    }

    /// Where `version` is in `names` and `lastModifiedDates`: renames past the last name keep it.
    private static func named(_ version: Int) -> Int {
        min(version, names.count - 1)
    }

    /// The JSON body of `version`.
    private static func body(of version: Int) -> String {
        #"{"id": 1, "name": "\#(names[named(version)])"}"#
    }
}

/// The moment an HTTP date such as `Sun, 01 Nov 2026 09:00:00 GMT` names, or nil when it is not one.
private func httpDate(_ text: String) -> Date? {
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "GMT")
    format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return format.date(from: text)
}

extension Lab {
    /// Renames the profile's user for `tag` on the server (`Route.renameProfile`), which gives the
    /// profile a new `ETag` and a later `Last-Modified` date.
    public func renameProfile(tag: String) async {
        var rename = URLRequest(url: url(Route.renameProfile, tag: tag))
        rename.httpMethod = "POST"
        let timeline = Timeline.current
        timeline?.noteCalls(onLanes: [Self.renameLane])
        timeline?.record(.action, lane: Self.renameLane, detail: "POST the new name")
        _ = try? await session.data(for: rename)
        timeline?.record(.value, lane: Self.renameLane, detail: "renamed")
    }

    /// The lane a rename is drawn on, so that its POST is drawn under it and under no load's lane.
    static let renameLane = "rename on the server"
}
