import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Right, another way: the ids go through a subject, each mapped to its load and joined with
/// `switchToLatest`, which cancels the load before; one subscription, made with the model.
@MainActor func latestOfSubjectScreen(baseURL: URL, session: URLSession) -> VariantProfileScreen {
    let ids = PassthroughSubject<Int, Never>()
    let screen = VariantProfileScreen(baseURL: baseURL, session: session) { _, id in ids.send(id) }
    screen.latestLoad = loads(of: ids.eraseToAnyPublisher(), baseURL: baseURL, session: session)
        .receive(on: DispatchQueue.main)
        .sink { [weak screen] loaded in screen?.show(loaded) }
    return screen
}

/// Each id's load, the latest only.
nonisolated private func loads(
    of ids: AnyPublisher<Int, Never>, baseURL: URL, session: URLSession
) -> AnyPublisher<Result<User, APIError>, Never> {
    ids.map { id in profileResult(baseURL.appending(path: "users/\(id)"), session: session) }
        .switchToLatest()
        .eraseToAnyPublisher()
}
