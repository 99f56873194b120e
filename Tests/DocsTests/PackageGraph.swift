import ChildProcesses
import Foundation
import TestSupport

/// The package's targets as `swift package dump-package` reads the manifest: each one's name, kind,
/// where its files are, and the targets it declares it depends on.
struct PackageGraph {
    struct Target: Decodable {
        let name: String
        let type: String
        let path: String?
        let exclude: [String]
        let sources: [String]?
        let dependencies: [Dependency]

        /// Its folder in the package, where SwiftPM looks when the manifest names none.
        var folder: String { path ?? (type == "test" ? "Tests/" : "Sources/") + name }

        /// The targets of this package it names as dependencies.
        var declared: Set<String> { Set(dependencies.compactMap(\.targetName)) }
    }

    /// One dependency as the dump spells it: `{"byName": [name, condition]}`, `{"target": …}` or
    /// `{"product": …}`; only the first two are targets of this package.
    struct Dependency: Decodable {
        let targetName: String?

        init(targetName: String?) {
            self.targetName = targetName
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let named = try container.decodeIfPresent([String?].self, forKey: .byName)
            let target = try container.decodeIfPresent([String?].self, forKey: .target)
            targetName = (named ?? target)?.first ?? nil
        }

        private enum Key: CodingKey { case byName, target }
    }

    let targets: [Target]

    /// The manifest of the package at `packageRoot`, read by SwiftPM itself. Its scratch folder is a
    /// temporary one: the package's own `.build` is locked by the `swift test` running this.
    static func load() async throws -> PackageGraph {
        try await inTemporaryFolder("dump-package") { scratch in
            let run = try await runChildProcess(
                URL(filePath: "/usr/bin/env"),
                arguments: [
                    "swift", "package", "--package-path", packageRoot.path, "--scratch-path", scratch.path,
                    "dump-package",
                ],
                environment: manifestEnvironment, deadline: .seconds(120))
            guard run.ending == .exited(0) else {
                throw ChildProcessError(
                    description: "swift package dump-package: \(run.ending)\n\(run.errors)")
            }
            struct Manifest: Decodable { let targets: [Target] }
            return PackageGraph(
                targets: try JSONDecoder().decode(Manifest.self, from: run.outputData).targets)
        }
    }

    /// Only what SwiftPM needs to find itself and its cache. SwiftPM keeps each manifest it has
    /// compiled in a cache under `HOME`, keyed by the environment too (a manifest may read it): the
    /// environment of a test process differs from run to run, and compiling the manifest afresh
    /// takes seconds on a quiet machine and minutes on a busy one.
    static var manifestEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter { ["PATH", "HOME"].contains($0.key) }
    }

    /// The targets of this package that `target`'s Swift files import, `@testable` or not.
    func imports(of target: Target) throws -> Set<String> {
        let names = Set(targets.map(\.name))
        let root = packageRoot.appending(path: target.folder)
        let excluded = target.exclude.map { root.appending(path: $0).path }
        let roots = target.sources.map { $0.map { root.appending(path: $0) } } ?? [root]
        var found: Set<String> = []
        for folder in roots {
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift",
                    !excluded.contains(where: { file.path.hasPrefix($0 + "/") })
                else { continue }
                found.formUnion(
                    Self.importedModules(in: try String(contentsOf: file, encoding: .utf8)).filter(
                        names.contains))
            }
        }
        return found
    }

    /// The modules `source` imports: `import X`, `@testable import X`, `import struct X.Y`. Read word
    /// by word rather than with a `Regex`, which takes a minute over the package's every line in a
    /// debug build.
    static func importedModules(in source: String) -> Set<String> {
        let kinds: Set<Substring> = [
            "struct", "class", "enum", "protocol", "func", "typealias", "var", "let",
        ]
        return Set(
            source.split(separator: "\n").compactMap { line in
                var words = line.split(separator: " ")[...]
                if words.first == "@testable" { words = words.dropFirst() }
                guard words.first == "import" else { return nil }
                words = words.dropFirst()
                if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
                return words.first.map { String($0.prefix { $0 != "." }) }
            })
    }
}
