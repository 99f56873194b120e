import AnswerVariants
import CheckProcesses
import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import TestSupport
import Testing

@testable import Classroom

#if canImport(Glibc)
    import Glibc
#endif

/// The attacks on the grader itself (`ProcessAttack`), where proving them takes more than a check
/// run from this process: the real `workbook`, a folder of runners, or a check process as nobody.
extension VariantTests {
    #if os(Linux)
        /// A3: under `workbook check 2`, whose check processes are the variant's, SIGKILL to the
        /// parent ends `workbook` when the code runs as root; as nobody it fails, and every check
        /// fails as one that did not finish.
        @Test(.enabled(if: geteuid() == 0, "only root can become nobody"))
        func aKillOfTheGraderFailsWhenTheCheckRunsAsNobody() async throws {
            let variant = try attack("SIGKILL to the grader")
            let asRoot = try await workbookCheck(of: variant)
            #expect(asRoot.status == -1, "workbook survived its check as root: \(asRoot.output)")
            let asNobody = try await workbookCheck(of: variant, environment: [checkAsNobodyVariable: "1"])
            #expect(asNobody.status == 1, "\(asNobody.output)\(asNobody.errors)")
            #expect(asNobody.output.contains("kill(grader, SIGKILL): Operation not permitted"))
            #expect(asNobody.output.contains("0 of \(exercise(2)?.checks.count ?? 0) checks passed"))
        }

        /// A4: each check process leaves `sleep 3600` in a session of its own holding its output,
        /// and prints a guessed sealed line: every check is refused within seconds, and once
        /// `workbook check 2` has returned no sleep is left.
        @Test func aProcessLeftHoldingTheOutputIsRefusedAndGoneAfterTheCheck() async throws {
            let variant = try attack("a setsid process left holding the output")
            let start = ContinuousClock.now
            // On a thread of its own, so that the time is the check's, not a wait for a turn on the
            // busy suite's threads once `workbook` has ended.
            let run = try await withTaskExecutorPreference(ThreadOfItsOwn.shared) {
                try await workbookCheck(of: variant)
            }
            let took = ContinuousClock.now - start
            // Not killed here if left: a reaped one's number may already be another test's process.
            let pids = run.output.matches(of: /left running: (\d+)/).compactMap { Int32($0.output.1) }
            #expect(run.status == 1)
            #expect(pids.count == exercise(2)?.checks.count, "\(run.output)")
            #expect(run.output.contains("its output was refused"))
            let left = pids.filter(isARunningSessionOfSleep)
            #expect(left.isEmpty, "left running after the check: \(left)")
            // About 6 s alone (two seconds' grace per check for the held output); 29 s beside the
            // whole suite on a busy 2-core machine, 82 s at a load of 22. Waiting for the held
            // output would take the hour the sleep holds it.
            #expect(took < .seconds(300), "took \(took)")
        }
    #endif

    /// A5: the variant rewrites every other runner in a folder of copies as a script that passes.
    /// As root it can, and a rewritten copy then passes every check of exercise 2; as nobody each
    /// write fails with EACCES and the copies stay as they were.
    @Test(.enabled(if: geteuid() == 0, "only root can become nobody"))
    func rewritingOtherRunnersFailsWhenTheCheckRunsAsNobody() async throws {
        let variant = try attack("the other exercises' check runners rewritten")
        let checked = try #require(exercise(2))
        for asNobody in [false, true] {
            try await inTemporaryFolder("runners") { folder in
                let copy = folder.appending(path: "StarterCheckRunner")
                try FileManager.default.copyItem(at: builtExecutable(named: "StarterCheckRunner"), to: copy)
                let original = try Data(contentsOf: copy)
                var environment = [
                    "WORKBOOK_ANSWER_VARIANT": variant.description, "WORKBOOK_FORGERY_RUNNERS": folder.path,
                ]
                if asNobody { environment[checkAsNobodyVariable] = "1" }
                let outcome = await gradedOutcome(
                    of: checked, runner: builtExecutable(named: "VariantCheckRunner"), limits: verdictLimits,
                    environment: environment, sideBySide: 1)
                #expect(outcome.results.allSatisfy { !$0.verdict.holds && $0.ending == .didNotFinish })
                let lines = outcome.results.flatMap(\.output)
                if asNobody {
                    #expect(try Data(contentsOf: copy) == original, "a runner was rewritten by nobody")
                    #expect(lines.allSatisfy { $0 == "StarterCheckRunner: Permission denied" }, "\(lines)")
                } else {
                    #expect(lines.contains("StarterCheckRunner: rewritten"), "\(lines)")
                    let forged = await gradedOutcome(of: checked, runner: copy, limits: verdictLimits)
                    #expect(
                        forged.results.allSatisfy { $0.verdict.holds }, "the rewritten runner did not pass")
                }
            }
        }
    }

    #if os(Linux)
        /// A2: a check process that runs as nobody, as `grade` runs it as root, cannot open its
        /// parent's memory at all.
        @Test(.enabled(if: geteuid() == 0, "only root can become nobody"))
        func aScanOfTheGradersMemoryIsRefusedToNobody() async throws {
            let variant = try attack("every hex token in the grader's memory")
            let checked = try #require(exercise(2))
            let outcome = await gradedOutcome(
                of: checked, runner: builtExecutable(named: "VariantCheckRunner"), limits: verdictLimits,
                environment: variant.checkEnvironment.merging(["WORKBOOK_ANSWER_VARIANT": variant.description]
                ) {
                    $1
                })
            // Even its memory map is refused: reading it takes the right to trace the parent.
            let refusal = "memory scan refused: /proc/\(getpid())/maps: Permission denied"
            #expect(
                outcome.results.allSatisfy { $0.output == [refusal] && $0.ending == .didNotFinish },
                "\(outcome.results.map(\.output))")
        }
    #endif
}

/// The process attack whose name contains `fragment`.
private func attack(_ fragment: String) throws -> AnswerVariant {
    try #require(answerVariants.first { $0.name.hasPrefix("attack: ") && $0.name.contains(fragment) })
}

/// `workbook check 2` in a scratch package, whose stand-in `swift` builds exercise 2's runner as a
/// script that starts the variant check runner with `variant`: its check processes are the
/// variant's, and their parent is `workbook`, as when a class is graded.
private func workbookCheck(
    of variant: AnswerVariant, environment: [String: String] = [:]
) async throws -> WorkbookRun {
    let package = try ScratchPackage()
    let bin = package.root.appending(path: "bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try package.script(
        at: bin.appending(path: "swift"),
        """
        # Called as: swift build --product NAME --package-path P --scratch-path S --configuration C
        mkdir -p "$7/$9"
        printf '#!/bin/sh\\nexec %s "$@"\\n' '\(builtExecutable(named: "VariantCheckRunner").path)' > "$7/$9/$3"
        chmod +x "$7/$9/$3"
        """)
    let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    return try await package.workbook(
        ["check", "2"],
        environment: environment.merging(["PATH": path, "WORKBOOK_ANSWER_VARIANT": variant.description]) {
            $1
        })
}

/// Whether `pid` names a `sleep` that has not ended and leads a session of its own, as the one the
/// variant leaves does.
private func isARunningSessionOfSleep(_ pid: Int32) -> Bool {
    guard
        let stat = try? String(contentsOf: URL(filePath: "/proc/\(pid)/stat"), encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return false }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    return stat.contains("(sleep)") && fields.first != "Z" && fields.count > 4 && fields[4] == "\(pid)"
}
