import Combine
import Foundation
import Harness
import LocalServer
import LoopbackLab

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: redirect-without-location
/// A `302` that names no `Location` leaves URLSession nowhere to go, so the redirect itself is the
/// response: it arrives as a value, like a 404. The lab's routes all redirect somewhere, so this
/// rule asks a server of its own, which answers every request that way.
func redirectWithoutLocationArrivesAsAValue(in _: Lab) async -> Finding<Result<[Int], URLError>> {
    guard let server = try? await LocalServer.start({ _ in .status(302) }) else {
        return Finding(
            expected: "[302], finished", value: .success([]), measured: "could not start a server",
            holds: false)
    }
    defer { server.stop() }
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let statuses = await outcome(
        of: statusCodes(from: server.url("/nowhere"), session: session), lane: "subscriber")
    return Finding(expected: .success([302]), measured: statuses, describe: { describe($0) })
}
// end excerpt
