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
// Check it with `swift run workbook check 3`; stuck, `swift run workbook hint 3`.

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
        // ✏️ Your work goes here: some of these codes mean that no server answered at all.
        .transport(code)
    case .status(let status):
        .serverSaidNo(status: status)
    case .decoding:
        .unreadable
    }
}
