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
    /// Whether the text is coloured; when false every method here returns its text unchanged.
    public let enabled: Bool

    /// A style that colours when `enabled`; `forStandardOutput` decides that for this process.
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

    /// `text` in bold, such as a report's title, when the style is enabled.
    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// `text` in dim, such as a hint or the timings, when the style is enabled.
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// `text` in green, such as the mark of a rule that held, when the style is enabled.
    public func green(_ text: String) -> String { wrap(text, "32") }
    /// `text` in red, such as the mark of a rule that did not hold, when the style is enabled.
    public func red(_ text: String) -> String { wrap(text, "31") }
    /// `text` in yellow, such as an exercise in progress, when the style is enabled.
    public func yellow(_ text: String) -> String { wrap(text, "33") }

    /// The mark a row of a report or a check starts with: a green ✓ when it held, a red ✗ when not.
    public func mark(holds: Bool) -> String { holds ? green("✓") : red("✗") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
