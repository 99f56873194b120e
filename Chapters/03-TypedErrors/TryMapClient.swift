import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: fetch-user-with-try-map
/// The same request checked with `tryMap`: it behaves, but throwing erases the failure type, so the
/// publisher's `Failure` is `any Error` and the typed `APIError` survives only at run time.
nonisolated func fetchUserWithTryMap(
    from url: URL, session: URLSession, decoder: JSONDecoder = JSONDecoder()
) -> AnyPublisher<User, any Error> {
    session.dataTaskPublisher(for: url)
        .tryMap { exchange in
            let status = exchange.response.httpStatus ?? 0
            guard 200...299 ~= status else { throw APIError.status(status) }
            return exchange.data
        }
        .decode(type: User.self, decoder: decoder)
        .eraseToAnyPublisher()
}
// end excerpt
