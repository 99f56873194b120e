import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: profile-model
/// A profile screen's view model that cannot crash: every pipeline it subscribes to is built outside
/// the main actor, and its own closures run only after `receive(on: DispatchQueue.main)`.
///
/// It loads users three ways: `load(userID:)` lets every load land (and so has a race), and
/// `loadReplacingPrevious(userID:)` and `select(userID:)` each keep only the latest.
@MainActor
final class UserProfileModel: ObservableObject {
    /// The user on screen, once one has loaded.
    @Published private(set) var user: User?
    /// Why the latest failed load failed.
    @Published private(set) var failure: APIError?
    private let baseURL: URL
    private let session: URLSession
    private var loads = Set<AnyCancellable>()

    /// Loads a user and shows it, or shows why it could not be loaded. Every load is kept until
    /// it ends, so loads that overlap all land, in the order their answers come back.
    func load(userID: Int) {
        show(userLoad(id: userID, session: session, baseURL: baseURL))
            .store(in: &loads)
    }

    /// The one closure here that belongs to the main actor; it runs on the main queue, so its check passes.
    private func show(_ loads: some Publisher<Result<User, APIError>, Never>) -> AnyCancellable {
        loads
            .receive(on: DispatchQueue.main)
            .sink { [weak self] loaded in
                switch loaded {
                case .success(let user): self?.user = user
                case .failure(let failure): self?.failure = failure
                }
            }
    }
    // end excerpt

    // excerpt: replace-the-cancellable
    private var latestLoad: AnyCancellable?

    /// Loads a user, cancelling the load before: replacing the cancellable releases the old one,
    /// and releasing it cancels its data task.
    func loadReplacingPrevious(userID: Int) {
        latestLoad = show(userLoad(id: userID, session: session, baseURL: baseURL))
    }
    // end excerpt

    // excerpt: switch-to-latest
    private let selectedIDs = PassthroughSubject<Int, Never>()
    private var selection: AnyCancellable?

    /// Asks for a user; `switchToLatest` cancels the load of the id before, if it is still running.
    func select(userID: Int) {
        selectedIDs.send(userID)
    }

    init(baseURL: URL, session: URLSession) {
        self.baseURL = baseURL
        self.session = session
        selection = show(
            selectedIDs
                .map { @Sendable id in userLoad(id: id, session: session, baseURL: baseURL) }
                .switchToLatest())
    }
    // end excerpt
}

// excerpt: user-load
/// One load of a user as a single value, success or failure, built outside the main actor.
///
/// Turning the failure into a value lets one subscription show many loads: a failure would
/// otherwise end it, and the screen would stop loading after its first missing user.
nonisolated func userLoad(
    id: Int, session: URLSession, baseURL: URL
) -> AnyPublisher<Result<User, APIError>, Never> {
    fetchUser(id: id, session: session, baseURL: baseURL)
        .map { user in .success(user) }
        .catch { failure in Just(.failure(failure)) }
        .eraseToAnyPublisher()
}
// end excerpt
