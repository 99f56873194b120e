import ChildProcesses
import Foundation
import Timelines

/// The build settings a project made by a current Xcode may have, each naming the target in which
/// `Sources/BuildSettings` builds chapters 6 and 8's children with it. (Chapter 8 links this file.)
enum BuildSetting: String, CaseIterable, Sendable {
    /// Default actor isolation `MainActor`: unmarked code belongs to the main actor.
    case mainActorByDefault = "MainActor"
    /// The upcoming feature `NonisolatedNonsendingByDefault`: a nonisolated async function runs on
    /// its caller's actor.
    case nonisolatedNonsending = "Nonsending"
    /// Both.
    case both = "Both"

    /// The executable the setting's children are built as.
    var executable: String { "BuildSettings" + rawValue }

    /// Whether unmarked code belongs to the main actor under this setting.
    var isolatesToTheMainActor: Bool { self != .nonisolatedNonsending }

    /// Whether a nonisolated async function runs on its caller's actor under this setting.
    var runsAsyncOnTheCaller: Bool { self != .mainActorByDefault }

    /// How a report row names it.
    var name: String {
        switch self {
        case .mainActorByDefault: "MainActor by default"
        case .nonisolatedNonsending: "NonisolatedNonsendingByDefault"
        case .both: "both settings"
        }
    }
}

extension BuildSetting {
    /// Runs this setting's child with `url` in its environment as `urlVariable`, drawn on the
    /// timeline on a lane of its own: its launch, what `drawReport` draws on that lane from the
    /// child's run, and how the child ended.
    func runChild(
        loading url: URL, as urlVariable: String,
        drawing drawReport: (ChildProcessRun, _ lane: String) -> Void
    ) async throws -> ChildProcessRun {
        let environment = ProcessInfo.processInfo.environment.merging([urlVariable: url.absoluteString]) {
            $1
        }
        let lane = "child: \(name)"
        Timeline.current?.record(.action, lane: lane, detail: "launches the app")
        let run = try await runChildProcess(
            builtExecutable(named: executable), environment: environment, deadline: .seconds(45))
        drawReport(run, lane)
        Timeline.current?.record(.exit, lane: lane, detail: run.ending.description)
        return run
    }
}
