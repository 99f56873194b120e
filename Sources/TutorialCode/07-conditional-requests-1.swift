import Combine
import Foundation
import TypedClient

/// The chain inside chapter 7's `ProfileModel`, in `Chapters/07-ConditionalRequests/ProfileModel.swift`:
/// each refresh becomes a load; the tutorial changes the line that picks which loads reach the screen.
private func shownResults(
    of refreshes: PassthroughSubject<Void, Never>,
    loading load: @escaping @Sendable () -> AnyPublisher<User, APIError>
) -> some Publisher<Result<User, APIError>, Never> {
    refreshes
        .map { _ in
            load()
                .map { user in Result<User, APIError>.success(user) }
                .catch { failure in Just(.failure(failure)) }
        }
        .switchToLatest()
}
