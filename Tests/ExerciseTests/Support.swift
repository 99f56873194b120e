import Foundation

/// The package's root folder: three levels above this file (`Tests/ExerciseTests/Support.swift`).
let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
