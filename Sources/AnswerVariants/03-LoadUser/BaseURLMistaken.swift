import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Wrong: chapter 3's `fetchUser(id:session:baseURL:)` reused with the user's URL as the base, so
/// the request goes to `/users/1/users/1`, which the server does not know; the translation is right.
func baseURLMistaken(_ url: URL, _ session: URLSession) -> AnyPublisher<User, LoadError> {
    fetchUser(id: Int(url.lastPathComponent) ?? 1, session: session, baseURL: url)
        .mapError { failure in
            switch failure {
            case .transport(.cannotConnectToHost): .offline
            case .transport(let code): .transport(code)
            case .status(let status): .serverSaidNo(status: status)
            case .decoding: .unreadable
            }
        }
        .eraseToAnyPublisher()
}
