import ChildProcesses
import Foundation
import Harness
import LoopbackLab
import Timelines

/// The migrated model's picture in a child built with one setting: what it set and whether on the
/// main thread, or how the child ended when it set nothing.
struct MigratedPicture: Equatable, Sendable {
    var picture: String
    var setOnMainThread: Bool?
    var ending: String

    var summary: String {
        switch setOnMainThread {
        case true?: "\(picture) set on the main thread"
        case false?: "\(picture) set off the main thread"
        case nil: "nothing set, \(ending)"
        }
    }
}

/// The rows that run the migrated model again, built with each setting a new project may have.
/// A compiler older than 6.2 knows neither setting, and `Package.swift` builds no such target.
#if compiler(>=6.2)
    let migrationSettingRules = BuildSetting.allCases.map { setting in
        Rule("\(setting.name): the migrated model sets it on main") { lab in
            await migratedModel(builtWith: setting, in: lab)
        }
    }
#else
    let migrationSettingRules: [Rule] = []
#endif

// excerpt: migrated-under-a-setting
/// The migration mistake in a child built with `setting`. With `MainActor` as the default
/// isolation the unmarked model class belongs to the main actor; with
/// `NonisolatedNonsendingByDefault` its nonisolated `fetchImage` runs on its caller's actor, the
/// main actor here. Either way the line after `await` runs on the main thread.
func migratedModel(builtWith setting: BuildSetting, in lab: Lab) async -> Finding<MigratedPicture> {
    let url = lab.url(Route.image, tag: "migrated-\(setting.rawValue)")
    let measured: MigratedPicture
    do {
        let run = try await runMigrationChild(builtWith: setting, loading: url)
        measured = MigratedPicture(
            picture: run.report["picture"] ?? "none",
            setOnMainThread: run.report["set-on-main-thread"].flatMap(Bool.init),
            ending: run.ending.description)
    } catch {
        measured = MigratedPicture(picture: "none", ending: "could not start: \(error)")
    }
    return Finding(
        expected: MigratedPicture(
            picture: "\(ImageDescription.sample)", setOnMainThread: true, ending: "exit 0"),
        measured: measured, describe: \.summary)
}
// end excerpt

/// The migrated model's child built with `setting`, loading the picture at `url`, drawn on the
/// timeline: its launch, the picture set at the time and on the thread the child saw it (the
/// child reports both), and how the child ended.
func runMigrationChild(builtWith setting: BuildSetting, loading url: URL) async throws -> ChildProcessRun {
    try await setting.runChild(loading: url, as: MigrationChild.urlVariable) { run, lane in
        guard let at = ReportedInstant.instant(run.report["set-at"]),
            let onMainThread = run.report["set-on-main-thread"].flatMap(Bool.init)
        else { return }
        Timeline.current?.record(
            .note, lane: lane, detail: "\(run.report["picture"] ?? "none") set", at: at,
            onMainThread: onMainThread)
    }
}
