import Foundation

/// A stream that keeps what `print(_:to:)` writes, split into its lines (a line may be empty; the
/// newline that ends the last one starts no further line).
final class PrintedLines: TextOutputStream, @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func write(_ string: String) {
        lock.withLock { text += string }
    }

    var lines: [String] {
        lock.withLock {
            text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        }
    }
}
