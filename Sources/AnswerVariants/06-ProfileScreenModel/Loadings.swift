import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import TypedClient

// How answers to exercise 6 load, each handed to `VariantProfileScreen`.

/// Wrong: `receive(on: DispatchQueue.main)` straight after the request. Nothing crashes, since
/// every closure now runs on the main thread, but so do the status check and the decoding.
@MainActor func hopsToMainFirst(_ screen: VariantProfileScreen, _ id: Int) {
    screen.latestLoad = screen.session.dataTaskPublisher(for: screen.url(of: id))
        .receive(on: DispatchQueue.main)
        .validatingStatus()
        .decoding(User.self)
        .map { user in Result<User, APIError>.success(user) }
        .catch { failure in Just(.failure(failure)) }
        .sink { [weak screen] loaded in screen?.show(loaded) }
}

/// Wrong: every load is kept, and a result is shown only if its id is still the latest. The screen
/// ends right, but the superseded request runs to its end.
@MainActor func staleResultsIgnoredByID(_ screen: VariantProfileScreen, _ id: Int) {
    profileResult(screen.url(of: id), session: screen.session)
        .receive(on: DispatchQueue.main)
        .sink { [weak screen] loaded in
            if screen?.latestID == id { screen?.show(loaded) }
        }
        .store(in: &screen.loads)
}

/// Wrong: the crash fixed, but every load still kept in a set: the slow, older answer lands last.
@MainActor func everyLoadKept(_ screen: VariantProfileScreen, _ id: Int) {
    profileResult(screen.url(of: id), session: screen.session)
        .receive(on: DispatchQueue.main)
        .sink { [weak screen] loaded in screen?.show(loaded) }
        .store(in: &screen.loads)
}

/// Wrong: the failure swallowed, so a missing user leaves the screen as it was.
@MainActor func failureSwallowed(_ screen: VariantProfileScreen, _ id: Int) {
    screen.latestLoad = profileResult(screen.url(of: id), session: screen.session)
        .receive(on: DispatchQueue.main)
        .compactMap { loaded in try? loaded.get() }
        .sink { [weak screen] user in screen?.show(.success(user)) }
}

/// Right, another way: the closures written in place but marked `@Sendable`, which keeps them off
/// the main actor.
@MainActor func sendableClosures(_ screen: VariantProfileScreen, _ id: Int) {
    screen.latestLoad = screen.session.dataTaskPublisher(for: screen.url(of: id))
        .validatingStatus()
        .decoding(User.self)
        .map { @Sendable user in Result<User, APIError>.success(user) }
        .catch { @Sendable failure in Just(.failure(failure)) }
        .receive(on: DispatchQueue.main)
        .sink { [weak screen] loaded in screen?.show(loaded) }
}

/// Wrong, and blocks the main thread for ever: waits on it with a semaphore for a result that is
/// delivered on the main queue, which only the blocked main thread could run.
@MainActor func resultAwaitedWithASemaphore(_ screen: VariantProfileScreen, _ id: Int) {
    let arrived = DispatchSemaphore(value: 0)
    screen.latestLoad = profileResult(screen.url(of: id), session: screen.session)
        .receive(on: DispatchQueue.main)
        .sink { [weak screen] loaded in
            screen?.show(loaded)
            arrived.signal()
        }
    arrived.wait()
}
