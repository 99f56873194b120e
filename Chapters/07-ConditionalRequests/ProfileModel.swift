import Combine
import Foundation
import TypedClient

// excerpt: profile-model
/// A profile screen's model that reloads whenever it is asked to, and shows only the newest load.
///
/// Each `refresh()` becomes a load through `map`, and `switchToLatest` keeps only the latest one:
/// subscribing to a new load cancels the one before, so a superseded response never reaches the
/// screen. Failures become a state of the screen rather than the end of the stream, so one failed
/// load does not stop later refreshes.
final class ProfileModel {
    /// What the screen shows: nothing yet, a user, or why the last load failed.
    private let screen = ProfileScreen()
    private let refreshes = PassthroughSubject<Void, Never>()
    private let subscription: AnyCancellable

    init(loading load: @escaping @Sendable () -> AnyPublisher<User, APIError>) {
        subscription =
            refreshes
            .map { _ in
                load()
                    .map { user in Result<User, APIError>.success(user) }
                    .catch { failure in Just(.failure(failure)) }
            }
            .switchToLatest()
            .sink { [screen] result in screen.show(result) }
    }

    func refresh() {
        refreshes.send()
    }

    /// The last load's result, and how many times the screen was updated.
    var result: Result<User, APIError>? { screen.result }
    var updates: Int { screen.updates }
}
// end excerpt
