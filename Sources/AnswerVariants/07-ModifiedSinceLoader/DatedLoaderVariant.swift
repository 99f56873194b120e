import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a dated loader keeps from a 200: its `Last-Modified` date and the user decoded from it.
struct DatedUser: Sendable {
    let lastModified: String
    let user: User
}

/// The loader exercise 7 asks for, with the three places answers go wrong left open: the decoder
/// it decodes with, whether the request is built on subscription (`Deferred`) or when the
/// publisher is made, and what it keeps after a 200.
final class DatedLoaderVariant: UserLoader, @unchecked Sendable {
    typealias Keeping = @Sendable (_ kept: DatedUser?, _ fresh: DatedUser) -> DatedUser

    private let session: URLSession
    private let decoder: JSONDecoder
    private let buildsOnSubscription: Bool
    private let keeping: Keeping
    private let kept = Locked<DatedUser?>(nil)

    init(
        session: URLSession, decoder: JSONDecoder, buildsOnSubscription: Bool = true,
        keeping: @escaping Keeping = { _, fresh in fresh }
    ) {
        self.session = session
        self.decoder = decoder
        self.buildsOnSubscription = buildsOnSubscription
        self.keeping = keeping
    }

    func user(at url: URL) -> AnyPublisher<User, APIError> {
        guard buildsOnSubscription else { return fetch(url) }
        return Deferred { self.fetch(url) }.eraseToAnyPublisher()
    }

    /// One request asking with what is kept now; a 304 answered with the kept user.
    private func fetch(_ url: URL) -> AnyPublisher<User, APIError> {
        let known = kept.withLock { $0 }
        var request = URLRequest(url: url)
        request.setValue(known?.lastModified, forHTTPHeaderField: "If-Modified-Since")
        return session.dataTaskPublisher(for: request)
            .mapError { failure in APIError.transport(failure.code) }
            .flatMap { data, response -> AnyPublisher<User, APIError> in
                let status = response.httpStatus ?? 0
                if status == 304, let known {
                    return Just(known.user).setFailureType(to: APIError.self).eraseToAnyPublisher()
                }
                guard 200...299 ~= status else { return Fail(error: .status(status)).eraseToAnyPublisher() }
                let lastModified = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Last-Modified")
                return Result<Data, APIError>.success(data).publisher
                    .decoding(User.self, using: self.decoder)
                    .handleEvents(receiveOutput: { user in self.keep(lastModified, user) })
                    .eraseToAnyPublisher()
            }
            .eraseToAnyPublisher()
    }

    private func keep(_ lastModified: String?, _ user: User) {
        guard let lastModified else { return }
        let fresh = DatedUser(lastModified: lastModified, user: user)
        kept.withLock { kept in kept = keeping(kept, fresh) }
    }
}

/// Wrong: the first date is kept for ever; only the user is replaced.
@Sendable func firstDateKeptForEver(_ kept: DatedUser?, _ fresh: DatedUser) -> DatedUser {
    DatedUser(lastModified: kept?.lastModified ?? fresh.lastModified, user: fresh.user)
}
