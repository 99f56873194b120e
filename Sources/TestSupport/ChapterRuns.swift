import ChildProcesses
import Foundation
import Locking
import LoopbackLab
import TimelineDrawing

/// A chapter's pictures as one run draws them: the overview of every rule, and each rule's own.
public struct ChapterPictures: Sendable {
    /// The SVG of every rule on one timeline, as `--timeline <file.svg>` writes it.
    public let overview: String
    /// Each rule's own picture, in the order of their file names.
    public let rules: [RulePicture]

    /// Gathers the pictures one run wrote.
    public init(overview: String, rules: [RulePicture]) {
        self.overview = overview
        self.rules = rules
    }
}

/// What one run of a chapter executable left behind: its standard output and error, its timeline
/// as the overview picture and as the interactive page, and each rule's own picture.
public struct ChapterRun: Sendable {
    /// Its standard output: the report.
    public let output: String
    /// Its standard error.
    public let errors: String
    /// The pictures it drew.
    public let pictures: ChapterPictures
    /// The interactive page, as `--timeline <file.html>` writes it.
    public let html: String
}

/// A chapter's executable that did not finish as a chapter should.
public struct ChapterRunFailure: Error, CustomStringConvertible {
    /// What went wrong: how the run ended, with its output, or what it did not write.
    public let description: String
}

/// Runs each chapter executable once, as a child process, and shares the result between every test
/// that needs what a run leaves behind (its report, its pictures, its page), so that the suite
/// runs each chapter once however many tests look at it.
///
/// A run is what a learner's would be, drawing everything at once
/// (`Name --timeline <file.svg> --timeline <file.html> --rule-pictures <folder>`), with output
/// that is not a terminal, no `NO_COLOR`, and every proxy variable libcurl reads pointing at a port
/// where nothing listens, as on a machine whose proxy is down: a chapter must reach its own server
/// all the same.
public final class ChapterRuns: Sendable {
    /// The one set of runs every test shares, so each chapter runs once per test process.
    public static let shared = ChapterRuns()

    private let runs = Locked<[String: Task<ChapterRun, any Error>]>([:])

    /// The run of the chapter `name` (such as `ColdPublishers`), started now unless it was already.
    public func run(_ name: String) async throws -> ChapterRun {
        try await started(name).value
    }

    /// Starts the chapters' runs at once, so that they overlap: a chapter spends most of its time
    /// waiting on its server, not on the processor.
    public func startAll(_ names: [String]) {
        for name in names {
            _ = started(name)
        }
    }

    /// The run of `name`, started here if it was not yet: at once, without waiting for a turn on
    /// Swift's shared threads, and at high priority, so that the few steps of a run that is mostly
    /// waiting do not queue behind the suite's busy tests and leave its chapter idle.
    private func started(_ name: String) -> Task<ChapterRun, any Error> {
        runs.withLock { runs in
            if let run = runs[name] { return run }
            let run = Task(priority: .high) { try await Self.launch(name) }
            runs[name] = run
            return run
        }
    }

    /// The environment a chapter runs in here: this process's, without `NO_COLOR`, so that only
    /// its output not being a terminal can turn colour off, and with a proxy that is down.
    public static var environment: [String: String] {
        let deadProxy = "http://127.0.0.1:\(closedLoopbackPort())"
        let proxies = ["http_proxy", "https_proxy", "ALL_PROXY", "all_proxy"].map { ($0, deadProxy) }
        return ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" && $0.key != "no_proxy" }
            .merging(proxies) { $1 }
    }

    private static func launch(_ name: String) async throws -> ChapterRun {
        try await inTemporaryFolder("run-\(name)") { try await launch(name, in: $0) }
    }

    /// `launch(_:)` with the chapter's pictures and page written in `folder`.
    private static func launch(_ name: String, in folder: URL) async throws -> ChapterRun {
        let rules = folder.appending(path: "rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        let overview = folder.appending(path: "overview.svg")
        let page = folder.appending(path: "page.html")
        // A chapter that hangs must fail the tests, not stall them.
        let run = try await runChildProcess(
            builtExecutable(named: name),
            arguments: ["--timeline", overview.path, "--timeline", page.path, "--rule-pictures", rules.path],
            environment: environment, deadline: .seconds(300))
        guard run.ending == .exited(0) else {
            throw ChapterRunFailure(
                description: "\(name) ended with \(run.ending)\n\(run.output)\(run.errors)")
        }
        guard let svg = try? String(contentsOf: overview, encoding: .utf8),
            let html = try? String(contentsOf: page, encoding: .utf8)
        else {
            throw ChapterRunFailure(description: "\(name) --timeline wrote no picture or no page")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: rules.path).filter {
            $0.hasSuffix(".svg")
        }
        let pictures = try files.sorted().map { file in
            RulePicture(
                name: String(file.dropLast(".svg".count)),
                svg: try String(contentsOf: rules.appending(path: file), encoding: .utf8))
        }
        return ChapterRun(
            output: run.output, errors: run.errors, pictures: ChapterPictures(overview: svg, rules: pictures),
            html: html)
    }
}
