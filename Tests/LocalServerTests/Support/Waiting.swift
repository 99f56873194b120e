import Foundation

/// Checks `condition` until it holds or `timeout` passes; for facts nothing signals, such as the
/// number of open descriptors in this process.
func eventually(
    timeout: Duration = .seconds(120), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try await condition()
}
