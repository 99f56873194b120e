import Foundation
import Workbook

/// What one run of a chapter executable left behind: its standard output and its timeline picture.
struct ChapterRun: Sendable {
    let output: String
    let svg: String
}

/// A chapter's executable that did not finish as a chapter should.
struct ChapterRunFailure: Error, CustomStringConvertible {
    let description: String
}

/// Runs each chapter executable once, as a child process, the way `scripts/draw-timelines` does
/// (`Name --timeline <file>`, `NO_COLOR=1`, output not a terminal), and shares the result between the
/// tests that need its output and its picture.
actor ChapterRuns {
    static let shared = ChapterRuns()

    private var runs: [String: Task<ChapterRun, any Error>] = [:]

    func run(_ name: String) async throws -> ChapterRun {
        if let run = runs[name] { return try await run.value }
        let run = Task { try await Self.launch(name) }
        runs[name] = run
        return try await run.value
    }

    private static func launch(_ name: String) async throws -> ChapterRun {
        let picture = FileManager.default.temporaryDirectory.appending(
            path: "timeline-\(name)-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: picture) }
        // A chapter that hangs must fail the tests, not stall them.
        let run = try await runChildProcess(
            builtExecutable(named: name), arguments: ["--timeline", picture.path],
            environment: ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 },
            deadline: .seconds(300))
        guard run.ending == .exited(0) else {
            throw ChapterRunFailure(
                description: "\(name) ended with \(run.ending)\n\(run.output)\(run.errors)")
        }
        guard let svg = try? String(contentsOf: picture, encoding: .utf8) else {
            throw ChapterRunFailure(description: "\(name) --timeline \(picture.path) wrote no picture")
        }
        return ChapterRun(output: run.output, svg: svg)
    }
}
