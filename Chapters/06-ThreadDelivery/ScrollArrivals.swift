import Combine
import Foundation
import Harness
import Locking
import LoopbackLab
import TimeControl
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// When the user arrived through a chain received on `DispatchQueue.main` and through one received
/// on `RunLoop.main`, both subscribed while a scroll of the main run loop was under way.
struct ScrollArrivals: Equatable, Sendable, CustomStringConvertible {
    /// When each value arrived, as the scroll saw it; nil for a value that never came.
    var mainQueue: Scroll.Phase?
    var runLoop: Scroll.Phase?

    var description: String {
        "\(mainQueueLane): value \(mainQueue?.rawValue ?? "never"); "
            + "\(runLoopLane): value \(runLoop?.rawValue ?? "never")"
    }
}

// excerpt: arrivals-during-a-scroll
/// Starts a scroll, then, while it lasts, loads user 1 through the chain received on `RunLoop.main`
/// and, once that load's data task has ended, through the chain received on `DispatchQueue.main`;
/// notes when each value arrived.
///
/// The scroll goes on until the main-queue chain has finished, and then for a moment more: the
/// run-loop value, if a scroll could not hold it back, arrives within it. (A value that must not
/// come is watched for a while; there is nothing to wait on instead.)
func arrivalsDuringAScroll(in lab: Lab) async -> ScrollArrivals {
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let scroll = Scroll(recordingOn: Timeline.current)
    let arrivals = Locked(ScrollArrivals())
    async let scrolled: Void = scroll.run()
    guard await until(timeout: .seconds(10), { scroll.phase != .notStarted }) else {
        scroll.stop()  // the main run loop is not running: nothing received on RunLoop.main could come
        await scrolled
        return ScrollArrivals()
    }

    /// User 1 through `user(from:session:receivedOn:)`, noting the scroll's phase when it arrives.
    func load(
        receivedOn scheduler: some Scheduler, lane: String,
        noting note: @escaping @Sendable (Scroll.Phase) -> Void
    ) async {
        let chain = user(from: lab.url(Route.user, tag: lane), session: session, receivedOn: scheduler)
        _ = await outcome(
            of: chain.recorded(lane: lane, value: eventLabel)
                .handleEvents(receiveOutput: { _ in note(scroll.phase) }))
    }
    Timeline.current?.noteHops(onLane: runLoopLane, by: "receive(on: RunLoop.main)")
    Timeline.current?.noteHops(onLane: mainQueueLane, by: "receive(on: DispatchQueue.main)")
    async let viaRunLoop: Void = load(receivedOn: RunLoop.main, lane: runLoopLane) { phase in
        arrivals.withLock { $0.runLoop = phase }
    }
    _ = await until { lab.requestCount(for: lab.url(Route.user, tag: runLoopLane)) == 1 }
    _ = await until { await tasks(of: session).isEmpty }
    await load(receivedOn: DispatchQueue.main, lane: mainQueueLane) { phase in
        arrivals.withLock { $0.mainQueue = phase }
    }
    _ = await until(timeout: .milliseconds(300)) { arrivals.withLock { $0.runLoop != nil } }
    scroll.stop()
    await scrolled
    await viaRunLoop
    return arrivals.withLock { $0 }
}
// end excerpt
