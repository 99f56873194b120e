import ExerciseChecks
import ExerciseSupport
import Foundation

/// An error body whose text may be missing: every JSON object decodes as one.
private struct LenientRefusal: Decodable {
    let error: String?
}

/// Wrong: whether the request was refused is read from the body, not the status: whatever decodes
/// as an error body is a refusal. With the text optional, user 1's body decodes too and is refused,
/// while a plain-text 404 does not decode and passes as a body.
@Sendable func decidedByTheBody(status: Int, body: Data) -> Result<Data, ServiceFailure> {
    if let refusal = try? JSONDecoder().decode(LenientRefusal.self, from: body) {
        return .failure(.refused(status: status, message: refusal.error))
    }
    return .success(body)
}
