import Combine
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 3 · Typed errors
//
// A screen that loads a user should say "you seem to be offline, try again" when no server could
// be reached, and show the server's answer when it said no. The chapter's APIError puts every
// URLError under .transport, so the screen cannot tell. Translate it into a LoadError that can.
//
// The error type, from ExerciseChecks:
//     enum LoadError { case offline, serverSaidNo(status: Int), unreadable, transport(URLError.Code) }
//
// The loader is here twice: as the chapter's publisher, and as an async function with a typed
// error. Answer in the one you are learning; `loadUserForm` says which one the checks run against.
//
// Check it with `swift run workbook check 3`; stuck, `swift run workbook hint 3`.

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
        // ✏️ Your work goes here: some of these codes mean that no server got the request.
        .transport(code)
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
        // data(for:) throws a URLError when the exchange did not finish.
        // ✏️ Your work goes here: some of these codes mean that no server got the request.
        throw .transport((error as? URLError)?.code ?? .unknown)
    }
    let status = response.httpStatus ?? 0
    guard 200...299 ~= status else { throw .serverSaidNo(status: status) }
    do {
        return try JSONDecoder().decode(User.self, from: data)
    } catch {
        throw .unreadable
    }
}
