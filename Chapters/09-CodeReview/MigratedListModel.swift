import Foundation
import Observation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: migrated-model
/// The article's screen moved to async/await the way a team leaving Combine writes it: an
/// `@Observable` model on the main actor, the chain's operators become lines of one async method,
/// `retry(3)` becomes a loop, and the stored cancellable becomes the stored `Task` of the load.
/// Every choice the review found fault with is carried over as it was.
@Observable @MainActor
final class MigratedListModel: AwaitedListScreenModel {
    private(set) var users: [String] = []
    private(set) var isLoading = false
    private(set) var errorMessage: String?
    @ObservationIgnored private let source: AwaitedListSource
    @ObservationIgnored private var loading: Task<Void, Never>?

    init(source: AwaitedListSource) {
        self.source = source
    }

    func appear() {
        loading?.cancel()
        loading = Task { await loadUsers() }
    }

    func disappear() {
        loading?.cancel()
        loading = nil
    }

    private func loadUsers() async {
        isLoading = true
        errorMessage = nil
        do {
            let (data, _) = try await retried(3) {
                try await source.session.data(for: URLRequest(url: source.url))
            }
            users = try source.decoder.decode([ArticleUser].self, from: data).map(\.name)
        } catch {
            errorMessage = error.localizedDescription
        }
        isLoading = false
    }
}

/// `retry(3)` as a loop: `call` again, up to `retries` more times, whenever it throws, unless the
/// task has been cancelled. It runs on its caller's actor.
func retried<Value>(
    _ retries: Int, isolation: isolated (any Actor)? = #isolation, _ call: () async throws -> Value
) async throws -> Value {
    var retriesLeft = retries
    while true {
        do {
            return try await call()
        } catch  where retriesLeft > 0 && !Task.isCancelled {
            retriesLeft -= 1
        }
    }
}
// end excerpt

/// Where an async list screen loads from, and what it loads with: `ListSource` without the delivery
/// queue, since the model's actor decides where its state changes.
struct AwaitedListSource: Sendable {
    var url: URL
    var session: URLSession
    var decoder: JSONDecoder
}

/// An async list screen as a rule drives it: shown, closed, and looked at, all on the main actor.
@MainActor
protocol AwaitedListScreenModel: AnyObject, Observable, Sendable {
    var users: [String] { get }
    var isLoading: Bool { get }
    var errorMessage: String? { get }
    func appear()
    func disappear()
}

extension AwaitedListScreenModel {
    /// What the screen shows now.
    var shown: ListScreen { ListScreen(users: users, isLoading: isLoading, errorMessage: errorMessage) }
}
