import Foundation
import Workbook

/// What one run of a chapter executable left behind: its standard output, its timeline as the
/// overview picture and as the interactive page, and each rule's own picture.
struct ChapterRun: Sendable {
    let output: String
    let pictures: ChapterPictures
    let html: String
}

/// A chapter's executable that did not finish as a chapter should.
struct ChapterRunFailure: Error, CustomStringConvertible {
    let description: String
}

/// Runs each chapter executable once, as a child process, the way `scripts/draw-timelines` does
/// (`Name --timeline <file> --rule-pictures <folder>`, `NO_COLOR=1`, output not a terminal), and
/// shares the result between the tests that need its output, its pictures and its page, so that
/// each chapter runs once for all of them.
actor ChapterRuns {
    static let shared = ChapterRuns()

    private var runs: [String: Task<ChapterRun, any Error>] = [:]

    func run(_ name: String) async throws -> ChapterRun {
        try await started(name).value
    }

    /// Starts every chapter of `repository` at once, so that their runs overlap: a chapter spends
    /// most of its time waiting on its server, not on the processor.
    func startAll(in repository: DocsRepository) {
        for chapter in repository.chapters {
            _ = started(chapter.name)
        }
    }

    private func started(_ name: String) -> Task<ChapterRun, any Error> {
        if let run = runs[name] { return run }
        let run = Task { try await Self.launch(name) }
        runs[name] = run
        return run
    }

    private static func launch(_ name: String) async throws -> ChapterRun {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "timeline-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let overview = folder.appending(path: "overview.svg")
        let page = folder.appending(path: "page.html")
        let rules = folder.appending(path: "rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: false)
        // A chapter that hangs must fail the tests, not stall them.
        let run = try await runChildProcess(
            builtExecutable(named: name),
            arguments: ["--timeline", overview.path, "--timeline", page.path, "--rule-pictures", rules.path],
            environment: ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 },
            deadline: .seconds(300))
        guard run.ending == .exited(0) else {
            throw ChapterRunFailure(
                description: "\(name) ended with \(run.ending)\n\(run.output)\(run.errors)")
        }
        guard let svg = try? String(contentsOf: overview, encoding: .utf8),
            let html = try? String(contentsOf: page, encoding: .utf8)
        else {
            throw ChapterRunFailure(description: "\(name) --timeline wrote no picture or no page")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: rules.path).filter {
            $0.hasSuffix(".svg")
        }
        let rulePictures = try names.sorted().map { file in
            RulePicture(
                name: String(file.dropLast(".svg".count)),
                svg: try String(contentsOf: rules.appending(path: file), encoding: .utf8))
        }
        return ChapterRun(
            output: run.output, pictures: ChapterPictures(overview: svg, rules: rulePictures), html: html)
    }
}
