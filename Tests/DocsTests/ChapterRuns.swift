import Foundation

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
/// (`Name --timeline <file>`, `NO_COLOR=1`, output to a pipe), and shares the result between the
/// tests that need its output and its picture.
actor ChapterRuns {
    static let shared = ChapterRuns()

    private var runs: [String: Task<ChapterRun, any Error>] = [:]

    func run(_ name: String) async throws -> ChapterRun {
        if let run = runs[name] { return try await run.value }
        // The launch blocks while the chapter runs, so it waits on a Dispatch thread, not on one of
        // the few threads Swift concurrency shares between all the tests.
        let run = Task {
            try await withCheckedThrowingContinuation { done in
                DispatchQueue.global().async { done.resume(with: Result { try Self.launch(name) }) }
            }
        }
        runs[name] = run
        return try await run.value
    }

    /// Where `swift test` put the products: on Linux the test bundle is that folder, on macOS it is
    /// the `.xctest` inside it.
    private static var productsFolder: URL {
        #if os(macOS)
            Bundle.main.bundleURL.deletingLastPathComponent()
        #else
            Bundle.main.bundleURL
        #endif
    }

    private static func launch(_ name: String) throws -> ChapterRun {
        let picture = FileManager.default.temporaryDirectory.appending(
            path: "timeline-\(name)-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: picture) }
        let process = Process()
        process.executableURL = productsFolder.appending(path: name)
        process.arguments = ["--timeline", picture.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // A chapter that hangs must fail the tests, not stall them.
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(300)) {
            if process.isRunning { process.terminate() }
        }
        // Read before waiting, so a full pipe cannot stall the child.
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ChapterRunFailure(
                description: "\(name) ended with \(process.terminationReason == .exit ? "status" : "signal") "
                    + "\(process.terminationStatus)\n\(printed)\(complaints)")
        }
        guard let svg = try? String(contentsOf: picture, encoding: .utf8) else {
            throw ChapterRunFailure(description: "\(name) --timeline \(picture.path) wrote no picture")
        }
        return ChapterRun(output: printed, svg: svg)
    }
}
