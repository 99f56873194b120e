import TypedClient

// excerpt: awaited-profile-model
/// The profile screen's model with async/await. Each `refresh()` cancels the load before it and
/// keeps the new load's `Task`: what `switchToLatest` did for the publisher. A cancelled load does
/// not vanish, though: its `await` still returns or throws and the code after it runs, so that code
/// looks at `Task.isCancelled` before it touches the screen.
@MainActor
final class AwaitedProfileModel {
    private let screen = ProfileScreen()
    private let load: @Sendable () async throws(APIError) -> User
    private var loading: Task<Void, Never>?

    init(loading load: @escaping @Sendable () async throws(APIError) -> User) {
        self.load = load
    }

    func refresh() {
        loading?.cancel()
        loading = Task {
            let result: Result<User, APIError>
            do throws(APIError) {
                result = .success(try await load())
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled else { return }
            screen.show(result)
        }
    }

    /// The last load's result, and how many times the screen was updated.
    var result: Result<User, APIError>? { screen.result }
    var updates: Int { screen.updates }
}
// end excerpt

// excerpt: unchecked-profile-model
/// The same model without the cancellation check: every load it started reaches the screen,
/// the cancelled ones with what their `await` threw.
@MainActor
final class UncheckedProfileModel {
    private let screen = ProfileScreen()
    private let load: @Sendable () async throws(APIError) -> User
    private var loading: Task<Void, Never>?

    init(loading load: @escaping @Sendable () async throws(APIError) -> User) {
        self.load = load
    }

    func refresh() {
        loading?.cancel()
        loading = Task {
            do throws(APIError) {
                screen.show(.success(try await load()))
            } catch {
                screen.show(.failure(error))
            }
        }
    }

    var result: Result<User, APIError>? { screen.result }
    var updates: Int { screen.updates }
    /// Every result the screen was given, in order.
    var shown: [Result<User, APIError>] { screen.history }
}
// end excerpt
