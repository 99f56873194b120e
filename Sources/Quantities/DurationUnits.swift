import Foundation

/// The two units the workbook reads a `Duration` in, said once: milliseconds for what it prints and
/// draws, seconds for what Foundation and Dispatch take.
extension Duration {
    /// The duration in milliseconds, with its fraction.
    public var milliseconds: Double { self / .milliseconds(1) }

    /// The duration in seconds, as Foundation and Dispatch take it.
    public var timeInterval: TimeInterval { self / .seconds(1) }

    /// Milliseconds below ten seconds, seconds with one decimal above.
    public var readable: String {
        if milliseconds < 10_000 {
            return "\(Int(milliseconds.rounded())) ms"
        }
        return "\((milliseconds / 100).rounded() / 10) s"
    }

    /// Seconds with one decimal, as the runner prints a check's or a grading's time: `4.2 s`.
    public var inSeconds: String {
        String(format: "%.1f s", timeInterval)
    }
}
