import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A profile screen model whose `load` is one answer's way of loading; the state it shows, and how
/// a result is put on screen, are the same for every answer.
@MainActor
final class VariantProfileScreen: ProfileScreen {
    typealias Loading = @MainActor (VariantProfileScreen, Int) -> Void

    /// What the screen shows; only `show(_:)` changes it.
    @Published var user: User?
    @Published var failure: APIError?
    let baseURL: URL
    let session: URLSession
    /// The one load an answer keeps and replaces.
    var latestLoad: AnyCancellable?
    /// Every load, for answers that keep them all.
    var loads = Set<AnyCancellable>()
    /// The id of the latest load asked for.
    var latestID: Int?
    private let loading: Loading

    init(baseURL: URL, session: URLSession, loading: @escaping Loading) {
        self.baseURL = baseURL
        self.session = session
        self.loading = loading
    }

    func load(userID: Int) {
        latestID = userID
        loading(self, userID)
    }

    /// Puts a load's result on screen.
    func show(_ loaded: Result<User, APIError>) {
        switch loaded {
        case .success(let user): self.user = user
        case .failure(let failure): self.failure = failure
        }
    }

    /// The URL of user `id`.
    func url(of id: Int) -> URL {
        baseURL.appending(path: "users/\(id)")
    }
}

/// One load of user `id` as a single value, success or failure, built where no actor is inherited,
/// so its closures may run on URLSession's queue.
nonisolated func profileResult(_ url: URL, session: URLSession) -> AnyPublisher<Result<User, APIError>, Never>
{
    session.dataTaskPublisher(for: url)
        .validatingStatus()
        .decoding(User.self)
        .map { user in Result<User, APIError>.success(user) }
        .catch { failure in Just(.failure(failure)) }
        .eraseToAnyPublisher()
}
