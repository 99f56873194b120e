import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ANSI colour for a chapter's report and the workbook command's output, or none at all.
///
/// Colour is for a person at a terminal: it is off when output goes to a pipe or a file, and off
/// whenever `NO_COLOR` is set to anything non-empty (the convention at no-color.org).
public struct TextStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Whether the report should be coloured, given the environment and whether stdout is a terminal.
    static func wantsColour(environment: [String: String], stdoutIsTerminal: Bool) -> Bool {
        stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// The choice for this process: its environment and its real standard output.
    public static var forStandardOutput: TextStyle {
        TextStyle(
            enabled: wantsColour(
                environment: ProcessInfo.processInfo.environment, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1
            ))
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }

    /// The mark a row of a report or a check starts with: a green ✓ when it held, a red ✗ when not.
    public func mark(holds: Bool) -> String { holds ? green("✓") : red("✗") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
