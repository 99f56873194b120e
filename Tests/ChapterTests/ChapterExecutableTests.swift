import Foundation
import Testing
import Workbook

@Suite("Chapter executables")
struct ChapterExecutableTests {
    /// The environment the chapters run in here: this process's, without `NO_COLOR`, so only the
    /// pipe standing in for stdout can be what turns colour off.
    private var environment: [String: String] {
        ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }
    }

    @Test(arguments: ["ColdPublishers", "StatusIsAValue", "TypedErrors"])
    func reportsEveryRuleAsExpectedAndExitsZero(chapter: String) async throws {
        let run = try await runChild(productsDirectory.appending(path: chapter), environment: environment)
        #expect(run.status == 0, "stderr: \(run.errors)")
        let rows = run.markedRows
        #expect(rows.count >= 5)
        #expect(rows.allSatisfy { $0.hasPrefix("✓ ") }, "\(run.output)")
        #expect(stableReport(of: run.output).hasSuffix("\n\(rows.count) of \(rows.count) as expected"))
        #expect(!run.output.contains("\u{1B}["))
    }

    @Test func drawsATimelineWhenAskedWithoutChangingTheReport() async throws {
        let picture = FileManager.default.temporaryDirectory.appending(path: "chapter-timeline-\(UUID()).svg")
        defer { try? FileManager.default.removeItem(at: picture) }
        let executable = productsDirectory.appending(path: "TypedErrors")
        let plain = try await runChild(executable, environment: environment)
        let drawn = try await runChild(
            executable, arguments: ["--timeline", picture.path], environment: environment)
        #expect(drawn.status == 0, "stderr: \(drawn.errors)")
        #expect(stableReport(of: drawn.output) == stableReport(of: plain.output))
        let svg = try String(contentsOf: picture, encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("GET /users/1"))
    }
}
