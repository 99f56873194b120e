import ChildProcesses
import Foundation
import TestSupport
import Testing

/// The Combine sources that `scripts/generate-combine` writes (`CombineLatest` and `Zip`, `First` and
/// `Last`, the wall-clock schedulers' time types) are what it writes today: an edit made to one of
/// those files instead of to the script's one description of them fails here.
@Suite("Package: generated Combine sources match their generator")
struct GeneratedSourcesTests {
    @Test func everyGeneratedFileIsWhatTheScriptWrites() async throws {
        let run = try await runChildProcess(
            packageRoot.appending(path: "scripts/generate-combine"), arguments: ["--check"],
            environment: PackageGraph.manifestEnvironment, deadline: .seconds(300))
        #expect(run.ending == .exited(0), "\n\(run.output)\(run.errors)")
    }
}
