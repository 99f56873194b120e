import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Colour for a person at a terminal, and plain text everywhere else: colour only when standard
/// output is a terminal and `NO_COLOR` is unset or empty (no-color.org), the chapters' rule too.
struct Style: Sendable {
    let colour: Bool

    static var forStandardOutput: Style {
        Style(
            colour: isatty(STDOUT_FILENO) == 1
                && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty)
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// Writes a line to standard output at once, unbuffered, so it shows before a slow step starts.
func say(_ text: String = "") {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Writes a line to standard error.
func complain(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
