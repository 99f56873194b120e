import ChildProcesses
import Foundation
import Timelines

/// One error the compiler reported: the file's name, the line, and the message without the
/// diagnostic group that some compilers append (`[#SendingRisksDataRace]`).
struct CompilerError: Equatable, Sendable {
    var file: String
    var line: Int
    var message: String
}

/// How compiling the inline-closure model as the chapter is built ended, and the errors it printed.
struct Rejection: Equatable, Sendable {
    /// How the compiler ended (`exit 1`), or why it could not be started.
    var ending: String
    var errors: [CompilerError]
}

/// The folder of this chapter's sources, where the compiler finds the two files it is given.
private let chapterFolder = URL(filePath: #filePath).deletingLastPathComponent()

/// The model the compiler rejects, and the helper it uses.
let rejectedModelFile = chapterFolder.appending(path: "InlineClosureNameModel.swift")
let fetchedFile = chapterFolder.appending(path: "AwaitedFetch.swift")

// excerpt: compile-the-inline-closure
/// What the chapter hands `swiftc`: `InlineClosureNameModel.swift` with the helper it calls, in
/// Swift 6 language mode and with no other setting, as SwiftPM builds this chapter. `-emit-sil`
/// runs the checks that follow values across isolation boundaries, which come after type
/// checking (`-typecheck` alone lets the model through); nothing is written.
let inlineClosureCompilerArguments = [
    "-emit-sil", "-wmo", "-o", "/dev/null", "-swift-version", "6", "-parse-as-library",
    "-module-name", "ThreadDelivery", "-D", "REJECTED_MODEL", "-diagnostic-style", "llvm",
    fetchedFile.path, rejectedModelFile.path,
]
// end excerpt

/// Compiles the inline-closure model with `inlineClosureCompilerArguments` and reads the errors.
func compileTheInlineClosureModel() async -> Rejection {
    guard let swiftc = compilerOnPath() else { return Rejection(ending: "no swiftc on PATH", errors: []) }
    let lane = "swiftc"
    Timeline.current?.record(.action, lane: lane, detail: "compiles InlineClosureNameModel.swift")
    do {
        let run = try await runChildProcess(
            swiftc, arguments: inlineClosureCompilerArguments,
            environment: ProcessInfo.processInfo.environment,
            deadline: .seconds(50))
        let errors = compilerErrors(in: run.output + run.errors)
        // A compiler that refuses the code has failed at its job: drawn as a failure, not a crash.
        let outcome = "\(run.ending), \(errors.count) error\(errors.count == 1 ? "" : "s")"
        Timeline.current?.record(
            .completion, lane: lane, detail: run.ending == .exited(0) ? "finished" : outcome)
        return Rejection(ending: run.ending.description, errors: errors)
    } catch {
        return Rejection(ending: "could not start: \(error)", errors: [])
    }
}

/// The `swiftc` of the toolchain on the `PATH`, the one `swift run` and `swift test` come from.
private func compilerOnPath() -> URL? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return folders.lazy.map { URL(filePath: String($0)).appending(path: "swiftc") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// The errors in the compiler's output, in order, each once: `path:line:column: error: message`.
func compilerErrors(in output: String) -> [CompilerError] {
    var errors: [CompilerError] = []
    for line in output.split(separator: "\n") {
        guard let match = line.wholeMatch(of: /(.+):(\d+):\d+: error: (.*?)( \[#\w+\])?/),
            let number = Int(match.output.2)
        else { continue }
        let error = CompilerError(
            file: URL(filePath: String(match.output.1)).lastPathComponent, line: number,
            message: String(match.output.3))
        if !errors.contains(error) { errors.append(error) }
    }
    return errors
}

/// The line of `file` where the model calls `fetched`, the line the compiler is expected to name.
func lineOfTheFetchedCall(in file: URL) -> Int? {
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    return text.split(separator: "\n", omittingEmptySubsequences: false)
        .firstIndex { $0.contains("try await fetched(") }
        .map { $0 + 1 }
}
