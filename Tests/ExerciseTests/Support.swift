import Foundation

/// The package's root folder: three levels above this file (`Tests/ExerciseTests/Support.swift`).
let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The folder holding the package's built products: the workbook and the check runner.
///
/// On Linux the test bundle's `bundleURL` is that folder itself; on macOS it is the `.xctest`
/// bundle inside it.
let productsDirectory: URL = {
    #if os(macOS)
        Bundle.main.bundleURL.deletingLastPathComponent()
    #else
        Bundle.main.bundleURL
    #endif
}()
