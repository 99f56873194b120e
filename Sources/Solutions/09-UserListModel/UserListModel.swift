import Combine
import ExerciseSupport
import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 9 · Code review: a reference solution.
//
// The status is checked, and failures that may pass retried, before decoding; decoding runs where
// the response arrives and only the result hops to the delivery queue; the message is worded
// from the failure; the ids are integers, as the server sends them; and closing the screen turns
// the indicator off, since a cancelled subscription never completes.

/// A user in the list, as the server sends one.
struct ListedUser: Decodable {
    let id: Int
    let name: String
}

/// A screen that lists users: it loads when it appears and stops when it disappears.
public final class UserListModel: ListScreenModel {
    private let source: ListSource
    private let shown = Locked(ListScreen())
    private var subscription: AnyCancellable?

    /// A model that loads from `source`; it loads nothing until `appear()` is called.
    public init(source: ListSource) {
        self.source = source
    }

    /// What the screen shows now.
    public var screen: ListScreen { shown.withLock { $0 } }

    /// The view appeared: load the list.
    public func appear() {
        subscription?.cancel()
        shown.withLock { screen in
            screen.isLoading = true
            screen.errorMessage = nil
        }
        subscription = source.session.dataTaskPublisher(for: source.url)
            .validatingStatus(retrying: RetryPolicy(), scheduler: source.deliveryQueue)
            .decoding([ListedUser].self, using: source.decoder)
            .receive(on: source.deliveryQueue)
            .sink(
                receiveCompletion: { [shown] completion in
                    shown.withLock { screen in
                        screen.isLoading = false
                        if case .failure(let failure) = completion {
                            screen.errorMessage = message(for: failure)
                        }
                    }
                },
                receiveValue: { [shown] users in
                    shown.withLock { $0.users = users.map(\.name) }
                })
    }

    /// The view disappeared: stop loading.
    public func disappear() {
        subscription?.cancel()
        subscription = nil
        shown.withLock { $0.isLoading = false }
    }
}

/// What the screen says when a load fails, naming the status when the server gave one.
func message(for failure: APIError) -> String {
    switch failure {
    case .status(let status) where status >= 500: "The server is having trouble (\(status)). Try again soon."
    case .status(let status): "The server could not give the list (\(status))."
    case .transport: "No connection to the server."
    case .decoding: "The list could not be read."
    }
}
