import Foundation
import Synchronization
import Workbook

/// Measures one rule against a lab of its own, so tests can run side by side.
func measure<Value>(_ rule: (Lab) async -> Finding<Value>) async throws -> Finding<Value> {
    let lab = try await Lab.open()
    defer { lab.close() }
    return await rule(lab)
}

/// The folder holding the package's built products, where the chapter executables are.
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

/// What a finished child process left behind.
struct ChildRun: Sendable {
    var status: Int32
    var output: String
    var errors: String

    /// The report rows: lines starting with a mark.
    var markedRows: [Substring] {
        output.split(separator: "\n").filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") }
    }
}

/// Runs `executable` with `arguments` and `environment`, reading its output while it runs, and
/// returns once it has exited. Blocking work happens on a Dispatch thread, not in the caller's task.
func runChild(
    _ executable: URL, arguments: [String] = [], environment: [String: String]
) async throws -> ChildRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    return await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            // Both pipes are drained at once, so a chatty stderr cannot block the child's stdout.
            let errorData = Mutex(Data())
            let errorsRead = DispatchGroup()
            DispatchQueue.global().async(group: errorsRead) {
                let data = errors.fileHandleForReading.readDataToEndOfFile()
                errorData.withLock { $0 = data }
            }
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            errorsRead.wait()
            process.waitUntilExit()
            continuation.resume(
                returning: ChildRun(
                    status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                    errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self)))
        }
    }
}
