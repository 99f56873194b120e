import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import Verdicts

@testable import CheckProcesses

#if canImport(Glibc)
    import Glibc
#endif

/// A check process's limits in tests about verdicts, not speed: far longer than a learner's 5
/// seconds, since a process under ThreadSanitizer or on a loaded machine is slow, not stuck.
let verdictLimits = ChildLimits(time: verdictTimeLimit, outputBytes: ChildLimits.check.outputBytes)

/// How long a check process in a verdict test may run: a check that took less ended of itself.
let verdictTimeLimit = Duration.seconds(60)

/// Check patience in tests about verdicts, not speed: a loaded test process is slow, not stuck.
let verdictPatience = Duration.seconds(8)

/// The verdict of each of `exercise`'s checks against `codes`, in check order. The checks run at
/// once, each against a lab of its own, so the slowest check, not their sum, sets how long this
/// takes; each has `patience`.
///
/// Each runs at high priority, as the labs' tasks, for the tasks a check starts, which inherit it:
/// a check waits with its patience for such a task (exercise 8's cancelled call must end), and at
/// the test's default priority the task queues behind the busy suite past the patience, so the
/// verdict measures the suite, not the code (stress runs at loads of 19 to 37). A check process
/// runs nothing else and needs no such help.
func verdictsInThisProcess(
    of exercise: Exercise, against codes: [any ExerciseCode], patience: Duration = verdictPatience
) async throws -> [Verdict] {
    try await withThrowingTaskGroup(of: (Int, Verdict).self) { group in
        for (index, check) in exercise.measuredChecks.enumerated() {
            group.addTask(priority: .high) {
                let verdict = try await CheckPatience.$current.withValue(patience) {
                    try await check.run(against: codes)
                }
                return (index, verdict)
            }
        }
        var verdicts = [Verdict?](repeating: nil, count: exercise.checks.count)
        for try await (index, verdict) in group { verdicts[index] = verdict }
        return verdicts.compactMap { $0 }
    }
}

/// Whether this test process runs under ThreadSanitizer (`.ci/run`'s last step): its runtime is
/// then loaded. A memory scan of such a process, or of the check processes built with it, reads
/// far more and runs many times slower, past any check's time limit.
let underThreadSanitizer: Bool = {
    #if canImport(Glibc)
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    #else
        false
    #endif
}()
