import Combine
import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: revalidating-user-loader
/// Loads a user and keeps the answer with its `ETag`, so the next load can ask the server whether
/// anything changed instead of downloading and decoding the same user again.
final class RevalidatingUserLoader: Sendable {
    private struct Remembered: Sendable {
        let etag: String
        let user: User
    }

    private let session: URLSession
    private let decoder: JSONDecoder
    private let remembered = Locked<Remembered?>(nil)

    init(session: URLSession, decoder: JSONDecoder = JSONDecoder()) {
        self.session = session
        self.decoder = decoder
    }

    /// The user at `url`. `Deferred` builds the request when someone subscribes, so each
    /// subscription sends the `ETag` known at that moment, not the one known when the publisher was
    /// made.
    func user(at url: URL) -> AnyPublisher<User, APIError> {
        Deferred { [self] in
            let known = remembered.withLock { $0 }
            var request = URLRequest(url: url)
            request.setValue(known?.etag, forHTTPHeaderField: "If-None-Match")
            return session.dataTaskPublisher(for: request)
                .mapError { failure in APIError.transport(failure.code) }
                .flatMap { data, response in self.user(from: data, response, known: known) }
        }
        .eraseToAnyPublisher()
    }

    /// A 304 means the remembered user is still current; a 2xx is decoded and remembered with its
    /// `ETag`; anything else fails with its status.
    private func user(
        from data: Data, _ response: URLResponse, known: Remembered?
    ) -> AnyPublisher<User, APIError> {
        let status = response.httpStatus ?? 0
        if status == 304, let known {
            return Just(known.user).setFailureType(to: APIError.self).eraseToAnyPublisher()
        }
        guard 200...299 ~= status else {
            return Fail(error: APIError.status(status)).eraseToAnyPublisher()
        }
        let etag = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag")
        return Just(data).setFailureType(to: APIError.self)
            .decoding(User.self, using: decoder)
            .handleEvents(receiveOutput: { [remembered] user in
                remembered.withLock { $0 = etag.map { Remembered(etag: $0, user: user) } }
            })
            .eraseToAnyPublisher()
    }
}
// end excerpt
