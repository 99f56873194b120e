import Foundation

/// A value that threads share, reached only while holding its lock.
///
/// It does what `Synchronization.Mutex` does, with the same `withLock` shape, but on a pthread
/// mutex (through `NSLock`). On Linux `Mutex` waits on raw futexes, which ThreadSanitizer cannot
/// see, so every access through it is reported as a race; this lock keeps
/// `swift test --sanitize=thread` meaningful for the server and the workbook support.
public final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    /// Puts `state` behind a new lock.
    public init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state and returns what it returns.
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
