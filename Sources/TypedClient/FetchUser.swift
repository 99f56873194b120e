import Combine
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: fetch-user
/// Loads `url` and decodes its body as `type`: the value, or an `APIError` saying which kind of
/// trouble stopped it.
///
/// A free function that belongs to no actor, so none of the pipeline's closures inherit main-actor
/// isolation, even when a view model on the main actor calls it.
nonisolated public func fetch<Value: Decodable>(
    _ type: Value.Type, from url: URL, session: URLSession
) -> AnyPublisher<Value, APIError> {
    session.dataTaskPublisher(for: url)
        .validatingStatus()
        .decoding(type)
}

/// Loads the user with `id` from `/users/{id}` under `baseURL`.
nonisolated public func fetchUser(id: Int, session: URLSession, baseURL: URL) -> AnyPublisher<User, APIError>
{
    fetch(User.self, from: baseURL.appending(path: "users/\(id)"), session: session)
}
// end excerpt
