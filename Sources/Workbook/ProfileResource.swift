import LocalServer
import Locking

/// The user profile behind `Route.profile`: a representation with an `ETag`, so a client can ask
/// "has it changed?" with `If-None-Match` and get `304 Not Modified` with no body when it has not.
///
/// A `POST` to `Route.renameProfile` changes the user's name, and with it the `ETag`. Each tag
/// (the `tag` query item) has a profile of its own, so rules sharing a server do not see each
/// other's renames.
public final class ProfileResource: Sendable {
    /// The names the profile has had, one per version: the first, then the one after each rename.
    public static let names = ["Ada Lovelace", "Augusta Ada King"]

    private let versions = Locked<[String: Int]>([:])
    private let gates = Locked<[String: Gate]>([:])

    /// Requests of one tag to `Route.heldProfile`, waiting until enough of them have arrived.
    private struct Gate {
        var arrived = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    /// The answer when `request` is for the profile, `nil` for any other route.
    func response(to request: HTTPRequest) async -> HTTPResponse? {
        let query = request.queryItems
        let tag = query.first { $0.name == "tag" }?.value ?? ""
        switch (request.method, request.path) {
        case ("GET", Route.profile):
            return representation(for: tag, ifNoneMatch: request.headers["If-None-Match"])
        case ("GET", Route.heldProfile):
            let answer = representation(for: tag, ifNoneMatch: request.headers["If-None-Match"])
            let together = query.first { $0.name == "together" }?.value.flatMap { Int($0) } ?? 1
            await arrive(tag: tag, thenWaitFor: together)
            return answer
        case ("POST", Route.renameProfile):
            versions.withLock { $0[tag, default: 0] += 1 }
            return .status(204)
        default:
            return nil
        }
    }

    /// Counts one arrival for `tag` and returns once `together` requests of that tag have arrived.
    private func arrive(tag: String, thenWaitFor together: Int) async {
        await withCheckedContinuation { waiter in
            let released = gates.withLock { gates in
                gates[tag, default: Gate()].arrived += 1
                gates[tag]!.waiting.append(waiter)
                guard gates[tag]!.arrived >= together else { return [CheckedContinuation<Void, Never>]() }
                defer { gates[tag]!.waiting = [] }
                return gates[tag]!.waiting
            }
            released.forEach { $0.resume() }
        }
    }

    /// The profile as it is now for `tag`, or `304 Not Modified` when the client has that already.
    private func representation(for tag: String, ifNoneMatch: String?) -> HTTPResponse {
        let version = versions.withLock { $0[tag, default: 0] }
        let etag = #""v\#(version + 1)""#
        if ifNoneMatch == etag {
            return .status(304, headers: ["ETag": etag])
        }
        let name = Self.names[min(version, Self.names.count - 1)]
        return .json(#"{"id": 1, "name": "\#(name)"}"#, headers: ["ETag": etag])
    }
}
