import Combine
import TypedClient

/// What exercise 6's view model offers the checks: it lives on the main actor, as a view model
/// does, shows a user or why one could not be loaded, and announces each change through
/// `objectWillChange`, as `@Published` properties do.
@MainActor
public protocol ProfileScreen: ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The user on screen, once one has loaded.
    var user: User? { get }
    /// Why the latest failed load failed.
    var failure: APIError? { get }
    /// Loads the user with this id from `/users/{id}` and shows it, or shows why it could not.
    func load(userID: Int)
}
