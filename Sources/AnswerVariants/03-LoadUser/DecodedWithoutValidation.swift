import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Wrong: the pipeline is rebuilt without a status check, so a 404's body goes to the decoder and
/// the missing user is reported as unreadable (chapter 2's pitfall).
func decodedWithoutValidation(_ url: URL, _ session: URLSession) -> AnyPublisher<User, LoadError> {
    session.dataTaskPublisher(for: url)
        .mapError(connectionFailure)
        .flatMap { exchange in
            Result { try JSONDecoder().decode(User.self, from: exchange.data) }
                .mapError { _ in LoadError.unreadable }
                .publisher
        }
        .eraseToAnyPublisher()
}

/// Right, another way: the pipeline rebuilt from the data task, each step failing with the
/// `LoadError` it knows about: the connection, then the status, then the body.
func loadedStepByStep(_ url: URL, _ session: URLSession) -> AnyPublisher<User, LoadError> {
    session.dataTaskPublisher(for: url)
        .mapError(connectionFailure)
        .flatMap { exchange in
            let status = exchange.response.httpStatus ?? 0
            guard 200...299 ~= status else {
                return Fail<User, LoadError>(error: .serverSaidNo(status: status)).eraseToAnyPublisher()
            }
            return Result { try JSONDecoder().decode(User.self, from: exchange.data) }
                .mapError { _ in LoadError.unreadable }
                .publisher
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
}

/// A failed connection as a `LoadError`: offline when no server got the request.
@Sendable private func connectionFailure(_ failure: URLError) -> LoadError {
    switch failure.code {
    case .cannotConnectToHost, .notConnectedToInternet, .cannotFindHost: .offline
    default: .transport(failure.code)
    }
}
