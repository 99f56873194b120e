import CoreFoundation
import Foundation
import Locking
import Timelines

/// A stand-in for a finger scrolling a list, in a program whose main thread runs the main run loop.
///
/// While a scroll view tracks a touch, UIKit runs the main run loop in its tracking mode, one of the
/// loop's common modes. A scroll here runs the main run loop in a mode of its own, made a common mode
/// the same way, until it is told to stop: work waiting for the default mode waits meanwhile, while
/// the main queue, which the main run loop serves in every common mode, is drained as before.
final class Scroll: Sendable {
    /// Where a scroll is, as something that happens meanwhile sees it.
    enum Phase: String, Sendable {
        case notStarted = "before the scroll"
        case scrolling = "during the scroll"
        case over = "after the scroll"
    }

    /// The run loop mode a scroll runs the main run loop in, a common mode like UIKit's tracking mode.
    static let mode = RunLoop.Mode("workbook.scrolling")

    private struct State {
        var phase = Phase.notStarted
        var stopAsked = false
        /// Whoever waits in `run` for the scroll to end.
        var waiting: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())
    private let timeline: Timeline?

    /// A scroll that notes when it begins and ends on `timeline`'s lane `scroll`.
    init(recordingOn timeline: Timeline?) {
        self.timeline = timeline
    }

    var phase: Phase { state.withLock { $0.phase } }

    /// Scrolls on the main thread and returns once the scroll is over: after `stop()`, or after
    /// `limit`, so that a scroll nobody stops cannot hold the main thread for good.
    ///
    /// The scroll starts from a run loop callout, as a touch arrives, not from a block on the main
    /// queue: the main run loop serves the main queue only when it is not already running one of its
    /// blocks.
    func run(limit: Duration = .seconds(20)) async {
        _ = Self.makeTheModeCommon
        await withCheckedContinuation { (over: CheckedContinuation<Void, Never>) in
            state.withLock { $0.waiting = over }
            RunLoop.main.perform {
                self.runTheMainRunLoopInTheScrollMode(for: limit)
                self.state.withLock { $0.waiting.take() }?.resume()
            }
            CFRunLoopWakeUp(CFRunLoopGetMain())
        }
    }

    /// Ends the scroll at the main run loop's next turn; one that has not started yet never starts,
    /// and `run` returns at once, even where the main run loop never runs.
    func stop() {
        let neverStarted = state.withLock { state in
            state.stopAsked = true
            return state.phase == .notStarted ? state.waiting.take() : nil
        }
        neverStarted?.resume()
    }

    private func runTheMainRunLoopInTheScrollMode(for limit: Duration) {
        guard !state.withLock({ $0.stopAsked }) else { return }
        state.withLock { $0.phase = .scrolling }
        timeline?.record(.note, lane: "scroll", detail: "began")
        // A mode with nothing in it returns at once; the timer keeps the loop in it until woken.
        let holding = Timer(timeInterval: 3600, repeats: false) { _ in }
        RunLoop.main.add(holding, forMode: Self.mode)
        let end = Date(timeIntervalSinceNow: limit / .seconds(1))
        while !state.withLock({ $0.stopAsked }), Date() < end {
            _ = RunLoop.main.run(mode: Self.mode, before: min(end, Date(timeIntervalSinceNow: 0.01)))
        }
        holding.invalidate()
        state.withLock { $0.phase = .over }
        timeline?.record(.note, lane: "scroll", detail: "ended")
    }

    /// Adds the scroll mode to the main run loop's common modes, once per process.
    private static let makeTheModeCommon: Void = {
        #if canImport(Darwin)
            let name = CFRunLoopMode(mode.rawValue as CFString)
        #else
            let name: CFRunLoopMode = CFStringCreateWithCString(
                nil, mode.rawValue, CFStringBuiltInEncodings.UTF8.rawValue)
        #endif
        CFRunLoopAddCommonMode(CFRunLoopGetMain(), name)
    }()
}
