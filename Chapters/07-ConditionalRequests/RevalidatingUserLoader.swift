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
///
/// It counts its decodes and its `304` answers, which is how the chapter shows the saving.
final class RevalidatingUserLoader: Sendable {
    private struct Remembered: Sendable {
        let etag: String
        let user: User
    }

    private let session: URLSession
    private let remembered = Locked<Remembered?>(nil)
    private let counts = Locked((decodes: 0, notModified: 0))

    init(session: URLSession) {
        self.session = session
    }

    /// How many bodies were decoded, and how many answers were `304 Not Modified`.
    var decodes: Int { counts.withLock { $0.decodes } }
    var notModifiedAnswers: Int { counts.withLock { $0.notModified } }

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
            counts.withLock { $0.notModified += 1 }
            return Just(known.user).setFailureType(to: APIError.self).eraseToAnyPublisher()
        }
        guard 200...299 ~= status else {
            return Fail(error: APIError.status(status)).eraseToAnyPublisher()
        }
        counts.withLock { $0.decodes += 1 }
        let etag = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag")
        return Just(data).setFailureType(to: APIError.self)
            .decoding(User.self)
            .handleEvents(receiveOutput: { [remembered] user in
                remembered.withLock { $0 = etag.map { Remembered(etag: $0, user: user) } }
            })
            .eraseToAnyPublisher()
    }
}
// end excerpt
