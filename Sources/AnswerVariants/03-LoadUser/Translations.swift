import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The shape the exercise starts from: chapter 3's `fetch`, its `APIError` translated by `translate`.
func loadTranslating(
    _ url: URL, _ session: URLSession, _ translate: @escaping @Sendable (APIError) -> LoadError
) -> AnyPublisher<User, LoadError> {
    fetch(User.self, from: url, session: session).mapError(translate).eraseToAnyPublisher()
}

/// Wrong: every transport failure is taken for being offline, a server that accepted the connection
/// and dropped it too.
@Sendable func everyTransportFailureOffline(_ failure: APIError) -> LoadError {
    switch failure {
    case .transport: .offline
    case .status(let status): .serverSaidNo(status: status)
    case .decoding: .unreadable
    }
}

/// Wrong: a timeout is taken for being offline, although the server may have had the request.
@Sendable func timeoutOffline(_ failure: APIError) -> LoadError {
    switch failure {
    case .transport(.cannotConnectToHost), .transport(.timedOut): .offline
    case .transport(let code): .transport(code)
    case .status(let status): .serverSaidNo(status: status)
    case .decoding: .unreadable
    }
}

/// Right, though narrower than the reference: only a refused connection is offline, the one such
/// code a loopback server can produce.
@Sendable func onlyRefusalOffline(_ failure: APIError) -> LoadError {
    switch failure {
    case .transport(.cannotConnectToHost): .offline
    case .transport(let code): .transport(code)
    case .status(let status): .serverSaidNo(status: status)
    case .decoding: .unreadable
    }
}
