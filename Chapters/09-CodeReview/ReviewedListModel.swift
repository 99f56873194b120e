import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: listed-user
/// A user as the server sends one: its `id` is a JSON integer.
struct ListedUser: Decodable {
    let id: Int
    let name: String
    let email: String
}
// end excerpt

// excerpt: reviewed-model
/// The same screen after review: the status is checked and failures that may pass are retried
/// before decoding, decoding runs where the response arrives, only the result moves to the
/// delivery queue, the message says what went wrong, and closing the screen turns its loading
/// indicator off.
final class ReviewedListModel: ListScreenModel {
    let screen = ScreenState()
    private let source: ListSource
    private var loading: AnyCancellable?

    init(source: ListSource) {
        self.source = source
    }

    func appear() {
        loadUsers()
    }

    func disappear() {
        cancelLoading()
    }

    private func loadUsers() {
        cancelLoading()
        screen.change { shown in
            shown.isLoading = true
            shown.errorMessage = nil
        }
        loading = listedUsers(from: source)
            .receive(on: source.deliveryQueue)
            .sink(
                receiveCompletion: { [screen] ending in
                    screen.change { shown in
                        shown.isLoading = false
                        if case .failure(let failure) = ending {
                            shown.errorMessage = message(for: failure)
                        }
                    }
                },
                receiveValue: { [screen] users in
                    screen.change { $0.users = users.map(\.name) }
                })
    }

    /// A cancelled subscription never completes, so the sink that would turn the indicator off
    /// never runs: whoever cancels has to turn it off.
    private func cancelLoading() {
        guard let running = loading else { return }
        running.cancel()
        loading = nil
        screen.change { $0.isLoading = false }
    }
}

/// The list at `source`: sent again under chapter 4's retry policy while it fails in a way that may
/// pass (no answer, 5xx, 429), checked for a 2xx status, and decoded, all where the response arrives.
func listedUsers(from source: ListSource) -> AnyPublisher<[ListedUser], APIError> {
    source.session.dataTaskPublisher(for: source.url)
        .validatingStatus(retrying: RetryPolicy(maximumRetries: 3), scheduler: retryWaits)
        .decoding([ListedUser].self, using: source.decoder)
}

/// Where the waits between retries run. A serial queue: `delay` schedules a value and the
/// completion after it one by one, and a concurrent queue may run the completion first.
private let retryWaits = DispatchQueue(label: "user list retry waits")

/// What the screen says for each way a load can fail, in words a user can act on.
func message(for failure: APIError) -> String {
    switch failure {
    case .status(404): "The user list is not there (HTTP 404)."
    case .status(let status) where status >= 500:
        "The server has a problem (HTTP \(status)). Try again later."
    case .status(let status): "The server refused the request (HTTP \(status))."
    case .transport: "The server cannot be reached. Check the connection and try again."
    case .decoding: "The list came back in a form this app cannot read."
    }
}
// end excerpt
