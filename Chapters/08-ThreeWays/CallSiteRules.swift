import Combine
import Foundation
import Harness
import Locking
import LoopbackLab
import TimeControl
import Timelines
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One change to a screen's published state, seen from outside the screen: what it became and
/// whether it was made on the main thread.
struct Change: Equatable, Sendable {
    var detail: String
    var onMainThread: Bool

    var summary: String { detail + (onMainThread ? " on the main thread" : " off the main thread") }
}

/// Watches `changes`, a model's `$property`, from outside the model: a published property's
/// publisher fires on the thread that sets it, just before the change, so each change is noted
/// with that thread and recorded on `lane`. `detail` names a change, or nil to skip it (the
/// initial value). Nonisolated, so its closure carries no main-actor check of its own.
nonisolated func watch<Changes: Publisher>(
    _ changes: Changes, lane: String, detail: @escaping @Sendable (Changes.Output) -> String?
) -> (watching: AnyCancellable, seen: Locked<[Change]>) where Changes.Failure == Never {
    let seen = Locked<[Change]>([])
    let timeline = Timeline.current
    let watching = changes.sink { value in
        guard let detail = detail(value) else { return }
        seen.withLock { $0.append(Change(detail: detail, onMainThread: Thread.isMainThread)) }
        timeline?.record(.value, lane: lane, detail: detail)
    }
    return (watching, seen)
}

/// Each call site's first change to the screen, in the order handler, Combine, async/await.
struct CallSiteChanges: Equatable, Sendable {
    var handler: Change?
    var combine: Change?
    var asyncAwait: Change?

    var summary: String {
        let show = { (change: Change?) in change?.summary ?? "nothing shown" }
        return "handler + main.async: \(show(handler)); Combine + receive(on:): \(show(combine)); "
            + "async in @MainActor: \(show(asyncAwait))"
    }
}

/// Every way, caller included, sets the screen's state on the main thread: the handler's caller by
/// hopping with `DispatchQueue.main.async`, Combine's with `receive(on:)`, and the async caller by
/// being `@MainActor`, which brings it back to the main thread after `await`.
@MainActor
func everyCallSiteShowsTheImageOnTheMainThread(in lab: Lab) async -> Finding<CallSiteChanges> {
    let handler = await firstChange(lane: "handler call site", in: lab) { $0.loadWithHandler(from: $1) }
    let combine = await firstChange(lane: "Combine call site", in: lab) { $0.loadWithCombine(from: $1) }
    let awaited = await firstChange(lane: "async call site", in: lab) { $0.loadWithAsync(from: $1) }
    let onMain = Change(detail: ImageDescription.sample.description, onMainThread: true)
    return Finding(
        expected: CallSiteChanges(handler: onMain, combine: onMain, asyncAwait: onMain),
        measured: CallSiteChanges(handler: handler, combine: combine, asyncAwait: awaited),
        describe: \.summary)
}

/// Loads the image into a new screen with `load` and returns the screen's first change.
@MainActor
private func firstChange(
    lane: String, in lab: Lab, load: (ImageScreen, URL) -> Void
) async -> Change? {
    let screen = ImageScreen(session: lab.session)
    let (watching, seen) = watch(screen.$shown, lane: lane) { $0?.summary }
    load(screen, lab.url(Route.image, tag: lane.replacing(" ", with: "-")))
    _ = await until { seen.withLock { !$0.isEmpty } }
    watching.cancel()
    return seen.withLock { $0.first }
}

/// The migration mistake, reproduced: a model that is not `@MainActor` and lost its
/// `DispatchQueue.main.async` sets its state off the main thread, although its caller is on the
/// main actor.
@MainActor
func droppingMainAsyncKeepsTheThreadingBug(in lab: Lab) async -> Finding<Change?> {
    let model = MigratedImageModel(session: lab.session)
    let (watching, seen) = watch(model.$picture, lane: "migrated model") { $0?.description }
    let url = lab.url(Route.image, tag: "migrated-model")
    // excerpt: migrated-call
    await Task { await model.fetchImage(from: url) }.value  // started on the main actor, as onAppear would
    // end excerpt
    watching.cancel()
    let change = seen.withLock { $0.first }
    let measured =
        switch change {
        case nil: "nothing set"
        case let change? where change.onMainThread: change.summary
        case let change?: "\(change.detail) set off the main thread"
        }
    return Finding(
        expected: "\(ImageDescription.sample) set off the main thread", value: change,
        measured: measured,
        holds: change == Change(detail: ImageDescription.sample.description, onMainThread: false))
}

/// The article's own hop in the same model: `MainActor.run` puts the assignment on the main actor,
/// so the picture is set on the main thread although the model is not `@MainActor`.
@MainActor
func mainActorRunSetsThePictureOnTheMainThread(in lab: Lab) async -> Finding<Change?> {
    let model = MainActorRunImageModel(session: lab.session)
    let (watching, seen) = watch(model.$picture, lane: "MainActor.run model") { $0?.description }
    let url = lab.url(Route.image, tag: "main-actor-run")
    await Task { await model.fetchImage(from: url) }.value
    watching.cancel()
    let change = seen.withLock { $0.first }
    return Finding(
        expected: Change(detail: ImageDescription.sample.description, onMainThread: true), measured: change,
        describe: { change in
            change.map { "\($0.detail) set " + ($0.onMainThread ? "on" : "off") + " the main thread" }
                ?? "nothing set"
        })
}
