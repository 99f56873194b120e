import ExerciseChecks
import ExerciseSupport
import Foundation

/// Wrong: the whole body becomes the message, JSON and all, so the message is never the server's
/// text and a plain-text body is taken for one.
@Sendable func rawBodyAsMessage(status: Int, body: Data) -> Result<Data, ServiceFailure> {
    guard 200...299 ~= status else {
        return .failure(.refused(status: status, message: String(decoding: body, as: UTF8.self)))
    }
    return .success(body)
}
