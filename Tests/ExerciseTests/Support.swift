import Foundation

@testable import WorkbookCommand

/// The package's root folder: three levels above this file (`Tests/ExerciseTests/Support.swift`).
let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A check process's limits in tests about verdicts, not speed: far longer than a learner's 5
/// seconds, since a process under ThreadSanitizer or on a loaded machine is slow, not stuck.
let verdictLimits = ChildLimits(time: .seconds(60), outputBytes: ChildLimits.check.outputBytes)

/// Check patience in tests about verdicts, not speed: a loaded test process is slow, not stuck.
let verdictPatience = Duration.seconds(8)
