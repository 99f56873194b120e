import Combine
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 6 · Thread delivery: a reference solution.
//
// The pipeline is built in a nonisolated function, so its closures belong to no actor and may run
// on URLSession's queue; the model's one closure, the sink, runs after `receive(on:)` on the main
// queue. One cancellable, replaced on each load, cancels the load before.

/// Shows one user, or why it could not be loaded.
@MainActor
public final class ProfileScreenModel: ProfileScreen {
    /// The user on screen: the last one a load delivered; nil until one has.
    @Published public private(set) var user: User?
    /// Why the last failed load failed; nil until one has.
    @Published public private(set) var failure: APIError?
    private let baseURL: URL
    private let session: URLSession
    private var latestLoad: AnyCancellable?

    /// A model that loads from the server at `baseURL` through `session`; it shows nothing until
    /// `load(userID:)` is called.
    public init(baseURL: URL, session: URLSession) {
        self.baseURL = baseURL
        self.session = session
    }

    /// Loads the user with `userID` from `/users/{id}` and shows it, or shows why it could not.
    public func load(userID: Int) {
        latestLoad = profileLoad(userID: userID, session: session, baseURL: baseURL)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] loaded in self?.show(loaded) }
    }

    /// Puts a load's result on screen.
    private func show(_ loaded: Result<User, APIError>) {
        switch loaded {
        case .success(let user): self.user = user
        case .failure(let failure): self.failure = failure
        }
    }
}

/// One load of a user as a single value, success or failure. It belongs to no actor, so neither do
/// the closures written in it, wherever they run.
nonisolated func profileLoad(
    userID: Int, session: URLSession, baseURL: URL
) -> AnyPublisher<Result<User, APIError>, Never> {
    session.dataTaskPublisher(for: baseURL.appending(path: "users/\(userID)"))
        .validatingStatus()
        .decoding(User.self)
        .map { user in Result<User, APIError>.success(user) }
        .catch { failure in Just(.failure(failure)) }
        .eraseToAnyPublisher()
}
