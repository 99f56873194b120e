import Combine
import Foundation
import Harness
import LoopbackLab

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: redirect-without-location
/// A `302` that names no `Location` leaves URLSession nowhere to go, so the redirect itself is the
/// response: it arrives as a value, like a 404.
func redirectWithoutLocationArrivesAsAValue(in lab: Lab) async -> Finding<Result<[Int], URLError>> {
    let statuses = await outcome(
        of: statusCodes(from: lab.url(Route.redirectNowhere), session: lab.session), lane: "subscriber")
    return Finding(expected: .success([302]), measured: statuses, describe: { describe($0) })
}
// end excerpt
