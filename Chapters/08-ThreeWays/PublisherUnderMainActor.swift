import ChildProcesses
import Foundation
import Harness
import LoopbackLab
import Timelines

/// What `imagePublisher` and its unmarked twin each gave in a child built with `MainActor` as the
/// default isolation: the image, or how the child ended without one.
struct PublishersUnderMainActor: Equatable, Sendable {
    var nonisolated: String
    var unmarked: String

    var summary: String { "nonisolated: \(nonisolated); unmarked: \(unmarked)" }
}

/// The row that subscribes to the chapter's publisher, and to the same chain without
/// `nonisolated`, in a child built with `MainActor` as the default isolation.
#if compiler(>=6.2)
    let publisherIsolationRules = [
        Rule("MainActor by default: imagePublisher needs nonisolated", publisherNeedsNonisolated)
    ]
#else
    let publisherIsolationRules: [Rule] = []
#endif

// excerpt: publisher-under-main-actor
/// Under `MainActor` by default the unmarked function belongs to the main actor, and so do its
/// closures; the first of them to run, on URLSession's delegate queue, fails its main-actor check
/// and stops the child, as chapter 6's fix 1 without `nonisolated` does. The marked one loads.
func publisherNeedsNonisolated(in lab: Lab) async -> Finding<PublishersUnderMainActor> {
    var seen: [String] = []
    for way in ["nonisolated", "unmarked"] {
        seen.append(await publisherRun(way, in: lab))
    }
    return Finding(
        expected: PublishersUnderMainActor(
            nonisolated: "\(ImageDescription.sample)",
            unmarked: isolationCheckStop),
        measured: PublishersUnderMainActor(nonisolated: seen[0], unmarked: seen[1]), describe: \.summary)
}
// end excerpt

/// How a child stopped by a failed isolation check reads, the same whichever signal the processor
/// gives (`isolationCheckSignal`).
let isolationCheckStop = "stopped by the isolation check's signal"

/// Runs `PublisherChild` `way` in the target built with `MainActor` by default: the image it
/// reported, or how it ended.
private func publisherRun(_ way: String, in lab: Lab) async -> String {
    let url = lab.url(Route.image, tag: "publisher-\(way)")
    let environment = ProcessInfo.processInfo.environment
        .merging([
            PublisherChild.urlVariable: url.absoluteString, PublisherChild.wayVariable: way,
            "SWIFT_BACKTRACE": "enable=no",
        ]) { $1 }
    let lane = "child: \(way)"
    Timeline.current?.record(.action, lane: lane, detail: "subscribes on the main actor")
    let seen: String
    do {
        let run = try await runChildProcess(
            builtExecutable(named: BuildSetting.mainActorByDefault.executable), environment: environment,
            deadline: .seconds(45))
        Timeline.current?.record(.exit, lane: lane, detail: run.ending.description)
        seen =
            switch run.ending {
            case .exited(0): run.report["image"] ?? "no image"
            case .signalled(isolationCheckSignal): isolationCheckStop
            default: "ended with \(run.ending)"
            }
    } catch {
        seen = "could not start: \(error)"
    }
    return seen
}
