import ExerciseChecks
import ExerciseSupport
import Foundation

/// Wrong: the message is read for a 404 only, as if "not found" were the one refusal that explains
/// itself; a 503's `{"error": "try later"}` is dropped.
@Sendable func messageFor404Only(status: Int, body: Data) -> Result<Data, ServiceFailure> {
    guard 200...299 ~= status else {
        return .failure(.refused(status: status, message: status == 404 ? refusalMessage(in: body) : nil))
    }
    return .success(body)
}
