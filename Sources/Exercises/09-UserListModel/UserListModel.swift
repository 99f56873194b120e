import Combine
import ExerciseSupport
import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 9 · Code review
//
// This is a user list screen with every finding of the chapter's review still in it: it decodes
// on the delivery queue, shows a format error for a 404 or a 500, expects UUID ids where the
// server sends integers, stays loading when it is closed mid-load, and retries before anything
// can have failed. Fix them, keeping `appear()`, `disappear()` and `screen` as they are.
//
// The checks make the model from a ListSource (from ExerciseChecks): the list's URL, a session,
// the queue to change the screen on (an app passes DispatchQueue.main; the checks pass a serial
// queue of their own) and the decoder to use (theirs notes where it ran).
//
// Check it with `swift run workbook check 9`; stuck, `swift run workbook hint 9`.

/// A user in the list, as the model expects the server to send one.
struct ListedUser: Decodable {
    // ✏️ Your work goes here too: compare this with what the server sends.
    let id: UUID
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
        // ✏️ Your work goes here: this chain holds most of the findings.
        subscription = source.session.dataTaskPublisher(for: source.url)
            .retry(3)
            .receive(on: source.deliveryQueue)
            .map(\.data)
            .decode(type: [ListedUser].self, decoder: source.decoder)
            .sink(
                receiveCompletion: { [shown] completion in
                    shown.withLock { screen in
                        screen.isLoading = false
                        if case .failure(let failure) = completion {
                            screen.errorMessage = failure.localizedDescription
                        }
                    }
                },
                receiveValue: { [shown] users in
                    shown.withLock { $0.users = users.map(\.name) }
                })
    }

    /// The view disappeared: stop loading.
    public func disappear() {
        // ✏️ And here: think about what a cancelled subscription never hears.
        subscription?.cancel()
        subscription = nil
    }
}
