import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A loader that runs chapter 3's status check on every answer and decodes what passes; what it
/// does with a 304, which the status check fails, is the one thing its answers differ in.
final class StatusCheckingLoader: UserLoader, @unchecked Sendable {
    private let session: URLSession
    private let decoder: JSONDecoder
    private let recovers304: Bool
    private let kept = Locked<DatedUser?>(nil)

    init(session: URLSession, decoder: JSONDecoder, recovers304: Bool) {
        self.session = session
        self.decoder = decoder
        self.recovers304 = recovers304
    }

    func user(at url: URL) -> AnyPublisher<User, APIError> {
        Deferred { [self] in
            let known = kept.withLock { $0 }
            var request = URLRequest(url: url)
            request.setValue(known?.lastModified, forHTTPHeaderField: "If-Modified-Since")
            let lastModified = Locked<String?>(nil)
            return session.dataTaskPublisher(for: request)
                .handleEvents(receiveOutput: { exchange in
                    let date = (exchange.response as? HTTPURLResponse)?.value(
                        forHTTPHeaderField: "Last-Modified")
                    lastModified.withLock { $0 = date }
                })
                .validatingStatus()
                .decoding(User.self, using: decoder)
                .handleEvents(receiveOutput: { [kept] user in
                    kept.withLock {
                        $0 = lastModified.withLock { $0 }.map { DatedUser(lastModified: $0, user: user) }
                    }
                })
                .catch { [recovers304] failure -> AnyPublisher<User, APIError> in
                    guard recovers304, failure == .status(304), let known else {
                        return Fail(error: failure).eraseToAnyPublisher()
                    }
                    return Just(known.user).setFailureType(to: APIError.self).eraseToAnyPublisher()
                }
        }
        .eraseToAnyPublisher()
    }
}
