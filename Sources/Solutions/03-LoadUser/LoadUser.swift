import Combine
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 3 · Typed errors: a reference solution, in both forms.
//
// The URLError codes that prove no server got the request become .offline; every other code, such
// as a connection the server accepted and then dropped, or a timeout, stays .transport. The async
// function reads the same codes from the URLError that data(for:) throws.

/// The loader the checks run against: `.combine` for the publisher, `.async` for the async function.
public let loadUserForm = AnswerForm.combine

// MARK: - In Combine

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

// MARK: - In async/await

/// Loads the user at `url`, throwing `.offline` when no server got the request.
public func loadUser(from url: URL, session: URLSession) async throws(LoadError) -> User {
    let (data, response): (Data, URLResponse)
    do {
        (data, response) = try await session.data(for: URLRequest(url: url))
    } catch {
        let code = (error as? URLError)?.code ?? .unknown
        throw offlineCodes.contains(code) ? .offline : .transport(code)
    }
    let status = response.httpStatus ?? 0
    guard 200...299 ~= status else { throw .serverSaidNo(status: status) }
    do {
        return try JSONDecoder().decode(User.self, from: data)
    } catch {
        throw .unreadable
    }
}

/// The codes with which URLSession says no server got the request: nothing listened, no network,
/// no such host.
private let offlineCodes: Set<URLError.Code> = [
    .cannotConnectToHost, .notConnectedToInternet, .cannotFindHost,
]
