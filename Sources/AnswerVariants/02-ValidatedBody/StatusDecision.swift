import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The shape most answers to exercise 2 share: transport failures kept as they are, and each
/// response's status and body handed to `decide`, whose verdict the pipeline delivers or fails with.
func validated(
    _ request: URLSession.DataTaskPublisher,
    decide: @escaping @Sendable (Int, Data) -> Result<Data, ServiceFailure>
) -> AnyPublisher<Data, ServiceFailure> {
    request
        .mapError { failure in ServiceFailure.transport(failure.code) }
        .flatMap { exchange in decide(exchange.response.httpStatus ?? 0, exchange.data).publisher }
        .eraseToAnyPublisher()
}

/// The body a server sends with a refusal, such as `{"error": "no such user"}`.
struct ServerRefusal: Decodable {
    let error: String
}

/// The `error` text of `body`, or nil when the body is not that JSON.
func refusalMessage(in body: Data) -> String? {
    try? JSONDecoder().decode(ServerRefusal.self, from: body).error
}
