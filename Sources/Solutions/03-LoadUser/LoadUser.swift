import Combine
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 3 · Typed errors: a reference solution.
//
// The URLError codes that mean no server answered at all become .offline; every other code, such
// as a connection the server accepted and then dropped, stays .transport.

/// Loads the user at `url`, failing with `.offline` when no server answered at all.
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

/// The codes with which URLSession says no server answered: nothing listened, nothing answered in
/// time, no network, no such host.
private let offlineCodes: Set<URLError.Code> = [
    .cannotConnectToHost, .timedOut, .notConnectedToInternet, .cannotFindHost,
]
