import Combine
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 6 · Thread delivery
//
// A profile screen's view model, on the main actor as view models are. It compiles without a
// warning, yet the first response stops the process: Swift 6 checks that every closure written in
// this class runs on the main actor, and the closures before `receive(on:)` run on URLSession's
// queue. Make it safe while it keeps showing on the main thread, and let the latest load win:
// loading user 1 while a slow user 3 is still loading must leave user 1 on screen.
//
// Check it with `swift run workbook check 6`; stuck, `swift run workbook hint 6`.

/// Shows one user, or why it could not be loaded.
@MainActor
public final class ProfileScreenModel: ProfileScreen {
    /// The user on screen: the last one a load delivered; nil until one has.
    @Published public private(set) var user: User?
    /// Why the last failed load failed; nil until one has.
    @Published public private(set) var failure: APIError?
    private let baseURL: URL
    private let session: URLSession
    private var loads = Set<AnyCancellable>()

    /// A model that loads from the server at `baseURL` through `session`; it shows nothing until
    /// `load(userID:)` is called.
    public init(baseURL: URL, session: URLSession) {
        self.baseURL = baseURL
        self.session = session
    }

    /// Loads the user with `userID` from `/users/{id}` and shows it, or shows why it could not.
    public func load(userID: Int) {
        // ✏️ Your work goes here: the closures before `receive(on:)` must not be the main actor's,
        // and a new load should cancel the one before.
        session.dataTaskPublisher(for: baseURL.appending(path: "users/\(userID)"))
            .validatingStatus()
            .decoding(User.self)
            .map { user in Result<User, APIError>.success(user) }
            .catch { failure in Just(.failure(failure)) }
            .receive(on: DispatchQueue.main)
            .sink { [weak self] loaded in self?.show(loaded) }
            .store(in: &loads)
    }

    /// Puts a load's result on screen.
    private func show(_ loaded: Result<User, APIError>) {
        switch loaded {
        case .success(let user): self.user = user
        case .failure(let failure): self.failure = failure
        }
    }
}
