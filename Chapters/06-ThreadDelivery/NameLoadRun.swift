import ChildProcesses
import Foundation
import Harness
import LoopbackLab
import Timelines

/// How a child process that loaded a name one way ended, and what it left behind.
struct NameLoadRun: Equatable, Sendable {
    /// How the process ended; nil when it could not be started.
    var ending: ChildEnding?
    /// Why it could not be started, when it could not.
    var startFailure: String?
    /// The name the model showed, if it got that far.
    var name: String?
    /// Whether the name was set on the main thread, if it was set.
    var setOnMainThread: Bool?
    /// The frames of the crashed thread that tell the story of an isolation crash, outermost first:
    /// the model's closure, the runtime's isolation check, the queue assertion that failed.
    var crashPath: [String]

    /// How it ended, for a report row.
    var endingDescription: String {
        ending?.description ?? "could not start: \(startFailure ?? "unknown reason")"
    }
}

/// How long a child may run before it is killed: longer than a crash with its backtrace takes on a
/// loaded machine, shorter than a rule's deadline, so a hang is a finding and not a stalled chapter.
private let childDeadline = Duration.seconds(45)

/// Runs this chapter's executable, or the one built with `setting`, as a child that loads user 1's
/// name from `lab`'s server `way`, and reads how it ended and, if it crashed, its backtrace. A crash
/// ends only the child.
///
/// `keepingTheSignal` matters only under ThreadSanitizer, where the child can either end on its
/// signal or print its backtrace, not both (see `CrashBacktrace.childEnvironment`).
func runNameLoading(
    _ way: NameLoading, in lab: Lab, keepingTheSignal: Bool = true, builtWith setting: BuildSetting? = nil
) async -> NameLoadRun {
    let url = lab.url(
        Route.user, tag: [setting?.rawValue, way.rawValue].compactMap { $0 }.joined(separator: "-"))
    let environment = ProcessInfo.processInfo.environment
        .merging([ModelChild.wayVariable: way.rawValue, ModelChild.urlVariable: url.absoluteString]) { $1 }
        .merging(CrashBacktrace.childEnvironment(keepingTheSignal: keepingTheSignal)) { $1 }
        // The build-setting rows read only how each child ended: no backtrace, so that their many
        // crashes cost the machine little.
        .merging(setting == nil ? [:] : ["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    // Each build setting has a rule of its own, whose heading names the setting.
    let lane = "child: \(way.rawValue)"
    Timeline.current?.record(.action, lane: lane, detail: "launches the app")
    let run: ChildProcessRun
    do {
        run = try await runChildProcess(
            builtExecutable(named: setting?.executable ?? "ThreadDelivery"), environment: environment,
            deadline: childDeadline)
    } catch {
        return NameLoadRun(startFailure: "\(error)", crashPath: [])
    }
    let report = run.report
    let loaded = NameLoadRun(
        ending: run.ending, name: report["name"].flatMap { $0 == "none" ? nil : $0 },
        setOnMainThread: report["set-on-main-thread"].flatMap(Bool.init),
        crashPath: isolationCrashPath(in: CrashBacktrace(standardError: run.errors)))
    // The name where and when the child saw it set, which it reports: not when the parent read it.
    if let name = loaded.name, let onMainThread = loaded.setOnMainThread,
        let at = ReportedInstant.instant(report["set-at"])
    {
        Timeline.current?.record(
            .note, lane: lane, detail: "name \(name) set", at: at, onMainThread: onMainThread)
    }
    // What the timeline says must read the same on every platform and build: where a backtrace was
    // the point, its innermost frame rather than the ending that reading it may have changed.
    let outcome =
        keepingTheSignal
        ? run.ending.description : loaded.crashPath.last.map { "crashed in \($0)" } ?? "no backtrace"
    Timeline.current?.record(.exit, lane: lane, detail: outcome)
    return loaded
}

/// The frames of an isolation crash worth naming, outermost first.
private func isolationCrashPath(in backtrace: CrashBacktrace) -> [String] {
    backtrace.crashedThreadFrames.filter { frame in
        frame == "dispatch_assert_queue" || isRuntimeIsolationCheck(frame)
            || (frame.hasPrefix("closure ") && frame.contains(" in UserNameModel."))
    }
    .reversed()
}

/// Whether `frame` is the Swift runtime's function that asserts the main queue for a main-actor
/// closure: `_swift_task_checkIsolatedSwift` in current runtimes, Linux's and Apple's alike;
/// Apple platforms whose runtime predates it assert from `swift_task_isCurrentExecutorImpl`.
func isRuntimeIsolationCheck(_ frame: String) -> Bool {
    frame == "_swift_task_checkIsolatedSwift" || frame.hasPrefix("swift_task_isCurrentExecutorImpl")
}
