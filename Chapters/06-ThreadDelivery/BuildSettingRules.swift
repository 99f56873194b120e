import Foundation
import Harness
import LoopbackLab

/// How each way of loading the name ended in one build: the ways that showed the name and the
/// ways whose process stopped on the isolation check's signal, by their raw values.
struct WaysEnded: Equatable, Sendable {
    var loaded: [String]
    var crashed: [String]
    /// Ways that did neither, with how they ended.
    var otherwise: [String] = []

    var summary: String {
        [("crashed", crashed), ("loaded", loaded), ("otherwise", otherwise)]
            .filter { !$0.1.isEmpty }
            .map { "\($0.0): " + $0.1.joined(separator: ", ") }
            .joined(separator: "; ")
    }
}

/// The ways the build-settings rows run: the crash, the three fixes, and fix 1 without the word
/// `nonisolated`, as a free function and as a method in an extension.
let waysUnderEachSetting: [NameLoading] = [
    .inlineClosures, .nonisolatedFunction, .sendableClosures, .keyPaths, .unmarkedFunction,
    .unmarkedExtensionMethod,
]

/// The rows that run the crash and its fixes again, built with each setting a new project may have.
/// A compiler older than 6.2 knows neither setting, and `Package.swift` builds no such target.
#if compiler(>=6.2)
    let buildSettingRules = BuildSetting.allCases.map { setting in
        Rule(
            "\(setting.name): \(setting.isolatesToTheMainActor ? "fix 1 unmarked crashes" : "as by default")",
            deadline: .seconds(180)
        ) { lab in await waysEnded(builtWith: setting, in: lab) }
    }
#else
    let buildSettingRules: [Rule] = []
#endif

// excerpt: ways-under-a-setting
/// Runs each way as a child built with `setting`. With `MainActor` as the default isolation, a
/// function or an extension's method that does not say `nonisolated` belongs to the main actor, and
/// so do the closures written in it: fix 1 without the word crashes like the inline closures. The
/// upcoming feature changes only async functions, and nothing here is one.
func waysEnded(builtWith setting: BuildSetting, in lab: Lab) async -> Finding<WaysEnded> {
    // One after another, so that the server sees the requests in the same order every run.
    var ended = WaysEnded(loaded: [], crashed: [])
    for way in waysUnderEachSetting {
        let run = await runNameLoading(way, in: lab, builtWith: setting)
        switch run.ending {
        case .exited(0) where run.name == "Ada Lovelace": ended.loaded.append(way.rawValue)
        case .signalled(isolationCheckSignal) where run.name == nil: ended.crashed.append(way.rawValue)
        default: ended.otherwise.append("\(way.rawValue) (\(run.endingDescription))")
        }
    }
    let crashes =
        setting.isolatesToTheMainActor
        ? ["inline-closures", "unmarked-function", "unmarked-extension-method"] : ["inline-closures"]
    return Finding(
        expected: WaysEnded(
            loaded: waysUnderEachSetting.map(\.rawValue).filter { !crashes.contains($0) }, crashed: crashes),
        measured: ended, describe: \.summary)
}
// end excerpt
