import ChildProcesses
import ExerciseCatalog
import Foundation
import Locking

/// Builds one exercise's check runner, and with it the student's code for that exercise alone,
/// with SwiftPM.
///
/// It builds in the same build folder as the `swift run workbook` that started this runner:
/// SwiftPM lets go of that folder's lock before it starts the product it ran, so the nested build
/// does not wait for its own parent, and everything but the exercise's module is already built.
public struct CheckBuild {
    let layout: Layout
    let swift: URL
    let exercise: Exercise

    /// A build of `exercise`'s check runner in `layout`'s build folder with the `swift` executable at
    /// that URL.
    public init(layout: Layout, swift: URL, exercise: Exercise) {
        (self.layout, self.swift, self.exercise) = (layout, swift, exercise)
    }

    /// The product that runs one check against the student's code for the exercise: its module,
    /// `NameExercise`, is built from `Sources/Exercises/NN-Name` and nothing else.
    public var product: String { exercise.name + "CheckRunner" }

    /// Where the built check runner is, in `layout.products`.
    public var runner: URL { layout.products.appending(path: product) }

    /// Runs `swift build` for the check runner; returns nil when it built, the build log when it did not.
    ///
    /// When another SwiftPM process holds the build folder (a `swift build` in another terminal),
    /// SwiftPM waits for it; the learner is told why nothing seems to happen.
    public func run() async throws -> String? {
        let told = ToldOnce()
        let build = try await runChildProcess(
            swift,
            arguments: [
                "build", "--product", product, "--package-path", layout.root.path, "--scratch-path",
                layout.scratch.path, "--configuration", layout.configuration,
            ], environment: Self.learnerCopiesEnvironment,
            onOutput: { text in
                if text.contains("Another instance of SwiftPM") {
                    told.once {
                        say("Waiting for another build of this package (another terminal?) to finish…")
                    }
                }
            })
        return build.ending == .exited(0) ? nil : build.output + build.errors
    }

    /// This process's environment with `WORKBOOK_LEARNER_COPIES` set, without which `Package.swift`
    /// leaves out the student's copies and their runners, so that `swift test` never builds them.
    public static var learnerCopiesEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["WORKBOOK_LEARNER_COPIES": "1"]) { _, set in set }
    }

    /// `swift` on the `PATH`, or nil when there is none.
    public static func findSwift(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL?
    {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.lazy.map { URL(filePath: $0).appending(path: "swift") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// Runs a piece of work the first time it is asked, from any thread.
private final class ToldOnce: Sendable {
    private let done = Locked(false)

    func once(_ work: () -> Void) {
        guard
            !done.withLock({ done in
                defer { done = true }; return done
            })
        else { return }
        work()
    }
}
