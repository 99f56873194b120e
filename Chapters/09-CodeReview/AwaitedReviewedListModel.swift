import Foundation
import Observation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: awaited-reviewed-model
/// The reviewed screen in async/await: the same `@Observable` main-actor model, with the review's
/// fixes written for tasks. The load's task holds the model only weakly and hands the network and
/// the decoding to a function that runs off the main actor; a cancel, whoever asked for it, shows
/// nothing; and the model, once gone, cancels its load.
@Observable @MainActor
final class AwaitedReviewedListModel: AwaitedListScreenModel {
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
        isLoading = true
        errorMessage = nil
        loading = Task { [weak self, source] in
            do throws(APIError) {
                let listed = try await awaitedListedUsers(from: source)
                guard !Task.isCancelled else { return }
                self?.show(listed)
            } catch {
                guard !Task.isCancelled else { return }
                self?.show(error)
            }
        }
    }

    func disappear() {
        loading?.cancel()
        loading = nil
        isLoading = false
    }

    private func show(_ listed: [ListedUser]) {
        users = listed.map(\.name)
        isLoading = false
    }

    private func show(_ failure: APIError) {
        errorMessage = message(for: failure)
        isLoading = false
    }

    deinit {
        loading?.cancel()
    }
}

/// The list at `source`, the reviewed chain as one async function: sent again under chapter 4's
/// retry policy while it fails in a way that may pass, checked for a 2xx status, and decoded.
/// `@concurrent`, so all of it runs off the caller's actor, whatever the build settings.
@concurrent
nonisolated func awaitedListedUsers(from source: AwaitedListSource) async throws(APIError) -> [ListedUser] {
    let policy = RetryPolicy(maximumRetries: 3)
    var retry = 0
    while true {
        do {
            return try await listedUsersOnce(from: source)
        } catch {
            retry += 1
            guard !Task.isCancelled,
                let wait = policy.delay(beforeRetry: retry, of: "GET", after: error, retryAfter: nil)
            else { throw error }
            do {
                try await Task.sleep(for: wait)
            } catch {
                throw .transport(.cancelled)
            }
        }
    }
}

/// One attempt: the request, the status check, then the decoding, each failure as an `APIError`.
nonisolated func listedUsersOnce(from source: AwaitedListSource) async throws(APIError) -> [ListedUser] {
    let (data, response): (Data, URLResponse)
    do {
        (data, response) = try await source.session.data(for: URLRequest(url: source.url))
    } catch {
        throw .transport((error as? URLError)?.code ?? .unknown)
    }
    let code = (response as? HTTPURLResponse).map(\.statusCode) ?? 0
    guard (200...299).contains(code) else { throw .status(code) }
    do {
        return try source.decoder.decode([ListedUser].self, from: data)
    } catch {
        throw .decoding
    }
}
// end excerpt
