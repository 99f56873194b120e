import ExerciseCatalog
import Foundation

/// Where things are in the package the runner works on: the exercise folders, the chapters and
/// their pages, and the build folder its checks are built in.
public struct Layout: Sendable {
    /// The package's root folder, the one holding `Package.swift`.
    public let root: URL
    /// SwiftPM's build folder (`.build`), for `swift build --scratch-path`.
    public let scratch: URL
    /// `debug` or `release`: the configuration this runner was built in, and its checks will be.
    public let configuration: String
    /// Where the built executables are.
    public let products: URL

    /// Makes a layout from its four places, as `find(packagePath:scratchPath:)` does for the package
    /// around this runner and grading does for a workspace of its own.
    public init(root: URL, scratch: URL, configuration: String, products: URL) {
        (self.root, self.scratch, self.configuration, self.products) = (
            root, scratch, configuration, products
        )
    }

    /// The file `exercise` asks the student to edit.
    public func exerciseFile(_ exercise: Exercise) -> URL {
        root.appending(path: "Sources/Exercises/" + exercise.file)
    }

    /// The untouched starter `reset` copies back.
    public func starterFile(_ exercise: Exercise) -> URL {
        root.appending(path: "Sources/Starters/" + exercise.file)
    }

    /// A path as the learner would type it from the package folder.
    public func relative(_ url: URL) -> String {
        let rootPath = root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    }

    /// The layout around this runner: the package named by `packagePath`, or without one, the
    /// package containing the current folder, or else the one whose build folder holds this executable.
    ///
    /// The build folder is `scratchPath` if given, else the one this executable was built in
    /// (`.build/<triple>/debug/workbook`), so the checks are built beside it, with the same
    /// configuration; a runner found anywhere else builds into the package's `.build`.
    public static func find(packagePath: String?, scratchPath: String? = nil) -> Layout? {
        let executable = URL(filePath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let found =
            if let packagePath {
                packageRoot(from: URL(filePath: packagePath), climbing: false)
            } else {
                packageRoot(from: URL(filePath: FileManager.default.currentDirectoryPath))
                    ?? packageRoot(from: executable)
            }
        guard let root = found else { return nil }
        let builtIn = executable.deletingLastPathComponent()
        let configuration =
            ["debug", "release"].contains(builtIn.lastPathComponent) ? builtIn.lastPathComponent : "debug"
        let scratch =
            scratchPath.map { URL(filePath: $0).standardizedFileURL }
            ?? (builtIn.lastPathComponent == configuration
                ? builtIn.deletingLastPathComponent().deletingLastPathComponent()
                : root.appending(path: ".build"))
        return Layout(
            root: root, scratch: scratch, configuration: configuration,
            products: scratch.appending(path: configuration))
    }

    /// The nearest folder at or above `start` that holds `Package.swift` and `Sources/Exercises`.
    private static func packageRoot(from start: URL, climbing: Bool = true) -> URL? {
        var folder = start.standardizedFileURL
        while true {
            let manifest = folder.appending(path: "Package.swift").path
            let exercises = folder.appending(path: "Sources/Exercises").path
            if FileManager.default.fileExists(atPath: manifest),
                FileManager.default.fileExists(atPath: exercises)
            {
                return folder
            }
            let parent = folder.deletingLastPathComponent()
            guard climbing, parent.path != folder.path else { return nil }
            folder = parent
        }
    }
}
