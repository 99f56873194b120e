import Locking
import Timelines
import TypedClient

/// The profile screen as the rules see it: what it shows and how many times it was updated. The
/// model's pipeline updates it on the session's queue while a rule reads it from its own task, so
/// it lives under a lock; each update is drawn on the timeline's `screen` lane, numbered.
final class ProfileScreen: Sendable {
    private let shown = Locked<[Result<User, APIError>]>([])
    private let timeline = Timeline.current

    /// Shows `result` in place of what was there.
    func show(_ result: Result<User, APIError>) {
        shown.withLock { history in
            history.append(result)
            let what =
                switch result {
                case .success(let user): user.name
                case .failure(let failure): "error \(failure)"
                }
            timeline?.record(.value, lane: "screen", detail: "\(what) (update \(history.count))")
        }
    }

    var result: Result<User, APIError>? { shown.withLock { $0.last } }
    var updates: Int { shown.withLock { $0.count } }
    /// Every result the screen was given, in order.
    var history: [Result<User, APIError>] { shown.withLock { $0 } }
}
