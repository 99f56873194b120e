import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Wrong: `tryMap` throws the refusal, and the `mapError` that narrows `any Error` back files
/// everything that is not a `ServiceFailure`, a refused connection included, as a refusal.
func thrownFromTryMap(_ request: URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure> {
    request
        .tryMap(bodyOrRefusal)
        .mapError { failure in failure as? ServiceFailure ?? .refused(status: 0, message: nil) }
        .eraseToAnyPublisher()
}

/// Right, another way: the same `tryMap`, with the narrowing `mapError` telling a `URLError` apart.
func narrowedFromTryMap(_ request: URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure> {
    request
        .tryMap(bodyOrRefusal)
        .mapError { failure in
            failure as? ServiceFailure ?? .transport((failure as? URLError)?.code ?? .unknown)
        }
        .eraseToAnyPublisher()
}

/// The body of a 2xx exchange; a refusal, with the server's message, thrown for any other.
@Sendable private func bodyOrRefusal(_ exchange: (data: Data, response: URLResponse)) throws -> Data {
    let status = exchange.response.httpStatus ?? 0
    guard 200...299 ~= status else {
        throw ServiceFailure.refused(status: status, message: refusalMessage(in: exchange.data))
    }
    return exchange.data
}
