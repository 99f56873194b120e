import Foundation

/// Why the server could not start, or why a wait for a request ended without one.
public enum LocalServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A socket call failed while starting; `errno` is the system's error number.
    case socket(call: String, errno: Int32)
    /// Fewer than `number` requests (to `path`, when given) arrived within `timeout`.
    case waitTimedOut(number: Int, path: String?, arrived: Int, timeout: Duration)
    /// The server was stopped before the awaited request arrived.
    case stoppedWhileWaiting(number: Int, path: String?, arrived: Int)

    /// A sentence saying what failed, with the system's own words for a socket error, for a test's
    /// failure message.
    public var description: String {
        switch self {
        case .socket(let call, let errno):
            return "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))"
        case .waitTimedOut(let number, let path, let arrived, let timeout):
            return "timed out after \(timeout) waiting for request #\(number)\(Self.scope(path));"
                + " \(arrived) arrived"
        case .stoppedWhileWaiting(let number, let path, let arrived):
            return
                "server stopped while waiting for request #\(number)\(Self.scope(path)); \(arrived) arrived"
        }
    }

    private static func scope(_ path: String?) -> String {
        path.map { " to \($0)" } ?? ""
    }
}
