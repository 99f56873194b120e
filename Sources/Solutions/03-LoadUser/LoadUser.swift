import Combine
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 3 · Typed errors: a reference solution.
//
// The URLError codes that prove no server got the request become .offline; every other code, such
// as a connection the server accepted and then dropped, or a timeout, stays .transport.

/// Loads the user at `url`, failing with `.offline` when no server got the request.
public func loadUser(from url: URL, session: URLSession) -> AnyPublisher<User, LoadError> {
    fetch(User.self, from: url, session: session)
        .mapError(loadError(for:))
        .eraseToAnyPublisher()
}

/// The `LoadError` a screen needs for what went wrong fetching.
func loadError(for failure: APIError) -> LoadError {
    switch failure {
    case .transport(let code):
        offlineCodes.contains(code) ? .offline : .transport(code)
    case .status(let status):
        .serverSaidNo(status: status)
    case .decoding:
        .unreadable
    }
}

/// The codes with which URLSession says no server got the request: nothing listened, no network,
/// no such host.
private let offlineCodes: Set<URLError.Code> = [
    .cannotConnectToHost, .notConnectedToInternet, .cannotFindHost,
]
