import Combine
import ExerciseSupport
import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 7 · Conditional requests: a reference solution.
//
// The loader keeps the `Last-Modified` of its last 200 with the user decoded from it, sends the
// date back unchanged as `If-Modified-Since`, and answers a 304 with the kept user before any
// status check could turn it into a failure.

/// Loads a user, asking the server whether it changed since the last load.
public final class ModifiedSinceLoader: UserLoader {
    private let session: URLSession
    private let decoder: CountingDecoder

    /// The user of the last 200 and the date the server gave it.
    private struct Kept: Sendable {
        let lastModified: String
        let user: User
    }

    private let kept = Locked<Kept?>(nil)

    /// A loader that sends its requests through `session` and decodes only with `decoder`.
    public init(session: URLSession, decoder: CountingDecoder) {
        self.session = session
        self.decoder = decoder
    }

    /// The user at `url`. `Deferred` builds the request when someone subscribes, so each
    /// subscription can ask with what is known at that moment.
    public func user(at url: URL) -> AnyPublisher<User, APIError> {
        Deferred { [self] in
            let known = kept.withLock { $0 }
            var request = URLRequest(url: url)
            request.setValue(known?.lastModified, forHTTPHeaderField: "If-Modified-Since")
            return session.dataTaskPublisher(for: request)
                .mapError { failure in APIError.transport(failure.code) }
                .flatMap { data, response in self.user(from: data, response, known: known) }
        }
        .eraseToAnyPublisher()
    }

    /// A 304 hands back the kept user; a 2xx is decoded and kept with its date; anything else
    /// fails with its status.
    private func user(from data: Data, _ response: URLResponse, known: Kept?) -> AnyPublisher<User, APIError>
    {
        let status = response.httpStatus ?? 0
        if status == 304, let known {
            return Just(known.user).setFailureType(to: APIError.self).eraseToAnyPublisher()
        }
        guard 200...299 ~= status else {
            return Fail(error: APIError.status(status)).eraseToAnyPublisher()
        }
        let lastModified = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Last-Modified")
        return Result<Data, APIError>.success(data).publisher
            .decoding(User.self, using: decoder)
            .handleEvents(receiveOutput: { [kept] user in
                kept.withLock { $0 = lastModified.map { Kept(lastModified: $0, user: user) } }
            })
            .eraseToAnyPublisher()
    }
}
