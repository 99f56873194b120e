import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The chapter's models rewritten for tasks. They are `Sendable` classes that keep their state under
// a lock, as `HandlerLoader` does, so that a `Task` may capture them from any context; a
// `@MainActor` model would hold and let go of its tasks the same way.

// excerpt: awaiting-screen-model
/// `ScreenModel` for tasks: it keeps the `Task` of each load. Letting go of a `Task` cancels
/// nothing, so the model cancels its loads itself when it goes away.
final class AwaitingScreenModel: Sendable {
    private let loads = Locked<[Task<Void, Never>]>([])

    /// Keeps `load` until the model goes away, and cancels it then.
    func keep(_ load: Task<Void, Never>) {
        loads.withLock { $0.append(load) }
    }

    deinit {
        for load in loads.withLock({ $0 }) {
            load.cancel()
        }
    }
}
// end excerpt

// excerpt: task-capturing-self
/// A model that loads in a task of its own, whose closure uses `self` with no `[weak self]`.
///
/// The model holds the task and the task holds the model, but only until the task ends: the loop
/// closes when the load starts and opens when it is over. Until then `deinit`, which would cancel
/// the load, cannot run.
final class UserLoadingModel: Sendable {
    private let body = Locked<Data?>(nil)
    private let loading = Locked<Task<Void, Never>?>(nil)

    func load(from url: URL, session: URLSession) {
        let load = Task {
            let loaded = try? await awaitedBody(from: url, session: session)
            self.show(loaded)
        }
        loading.withLock { $0 = load }
    }

    private func show(_ loaded: Data?) {
        body.withLock { $0 = loaded }
    }

    deinit {
        loading.withLock { $0?.cancel() }
    }
}
// end excerpt

/// `FollowingModel` for tasks: it follows a stream of counts with a `for await` loop in a task of
/// its own, which it cancels when it goes away. It can write that loop in the three ways people do.
final class CountFollower: Sendable {
    private let shown = Locked(0)
    private let following = Locked<Task<Void, Never>?>(nil)

    /// The last count the loop showed.
    var latest: Int { shown.withLock { $0 } }

    // excerpt: loop-capturing-self
    /// The loop runs for as long as the stream does, and its task holds `self` all that time.
    func followCapturingSelf(_ counts: AsyncStream<Int>) {
        follow(
            Task {
                for await count in counts {
                    self.update(count)
                }
            })
    }
    // end excerpt

    // excerpt: loop-weak-self
    /// `[weak self]`, looked at once a count: the task holds the model only while it updates it.
    func followCapturingWeakly(_ counts: AsyncStream<Int>) {
        follow(
            Task { [weak self] in
                for await count in counts {
                    self?.update(count)
                }
            })
    }

    /// `[weak self]` made strong again before the loop: the loop holds `self` for as long as it runs.
    func followUnwrappingFirst(_ counts: AsyncStream<Int>) {
        follow(
            Task { [weak self] in
                guard let self else { return }
                for await count in counts {
                    update(count)
                }
            })
    }
    // end excerpt

    private func follow(_ loop: Task<Void, Never>) {
        following.withLock { $0 = loop }
    }

    private func update(_ count: Int) {
        shown.withLock { $0 = count }
    }

    deinit {
        following.withLock { $0?.cancel() }
    }
}
