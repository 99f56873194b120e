import Harness

/// The part of a chapter's printed output that reads the same on every run: everything before the
/// timings, without the blank line that separates them. The docs quote exactly this.
public func stableReport(of printedOutput: String) -> String {
    let lines = printedOutput.split(separator: "\n", omittingEmptySubsequences: false)
    let timings = lines.firstIndex {
        $0.hasPrefix(Report.timingsHeading) || $0.hasPrefix("\u{1B}[2m" + Report.timingsHeading)
    }
    var facts = lines[..<(timings ?? lines.endIndex)]
    while facts.last?.isEmpty == true {
        facts.removeLast()
    }
    return facts.joined(separator: "\n")
}
