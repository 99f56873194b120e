import ExerciseChecks
import ExerciseSupport
import Foundation

/// Wrong, and never returns for a body that is not JSON: it looks for the `{` a refusal's JSON
/// starts with, stepping over spaces, but nothing moves it past any other character, so for
/// `not found` the loop spins for ever on URLSession's callback queue.
@Sendable func spacesSkippedBeforeTheJSON(status: Int, body: Data) -> Result<Data, ServiceFailure> {
    guard 200...299 ~= status else {
        var start = body.startIndex
        while start < body.endIndex, body[start] != UInt8(ascii: "{") {
            if body[start] == UInt8(ascii: " ") { start += 1 }
        }
        return .failure(.refused(status: status, message: refusalMessage(in: body[start...])))
    }
    return .success(body)
}
