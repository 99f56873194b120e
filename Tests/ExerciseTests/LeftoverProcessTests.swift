import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A check process can start a process in a session of its own (`setsid`), which no kill of the
/// check's process group reaches. `workbook` is the reaper of what its children leave, and ends
/// it once an exercise's checks are done.
@Suite("Workbook: what check processes leave running")
struct LeftoverProcessTests {
    #if os(Linux)
        /// Each check process of exercise 2 here (a stand-in runner written by a stand-in `swift`, as
        /// in `aBrokenExerciseFailsOnlyItsOwnChecks`) starts `setsid sleep 60` and passes; once
        /// `workbook check 2` has returned, none of those sleeps is still running.
        @Test func aSetsidProcessThatACheckStartedIsGoneOnceTheCheckIsDone() async throws {
            let package = try ScratchPackage()
            let bin = package.root.appending(path: "bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let leftovers = package.root.appending(path: "leftovers")
            try package.script(
                at: bin.appending(path: "swift"),
                """
                # Called as: swift build --product NAME --package-path P --scratch-path S --configuration C
                mkdir -p "$7/$9"
                cat > "$7/$9/$3" <<'RUNNER'
                #!/bin/sh
                read -r passing failing
                setsid sleep 60 </dev/null >/dev/null 2>&1 &
                echo $! >> "$WORKBOOK_TEST_LEFTOVERS"
                echo "workbook-verdict $passing {\\"verdict\\":{\\"holds\\":true,\\"expected\\":\\"e\\",\\"measured\\":\\"e\\"}}"
                RUNNER
                chmod +x "$7/$9/$3"
                """)
            let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            let run = try await package.workbook(
                ["check", "2"], environment: ["PATH": path, "WORKBOOK_TEST_LEFTOVERS": leftovers.path])
            // Not killed here if left: a reaped one's number may already be another test's process.
            let pids = try String(contentsOf: leftovers, encoding: .utf8).split(separator: "\n")
                .compactMap { Int32($0) }
            #expect(run.status == 0, "\(run.output)\(run.errors)")
            #expect(pids.count == exercise(2)?.checks.count)
            let running = pids.filter(isRunningSleep)
            #expect(running.isEmpty, "still running after the check: \(running)")
        }
    #endif
}

/// Whether `pid` is a `sleep` that has not ended: its `/proc` entry is there and not a zombie's.
private func isRunningSleep(_ pid: Int32) -> Bool {
    guard
        let stat = try? String(contentsOf: URL(filePath: "/proc/\(pid)/stat"), encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return false }
    return stat.contains("(sleep)") && stat[stat.index(after: end)...].split(separator: " ").first != "Z"
}
