/// Where a page's output block and what the chapter printed first differ, when a line may name
/// either trap signal: the difference shows the lines as written.
///
/// A failed isolation check stops a process on the processor's trap instruction, so the signal
/// depends on the processor, not on the system: `ud2` on Intel and AMD raises SIGILL, `brk` on ARM
/// raises SIGTRAP, and a Mac is either. A page shows one of them; a report that names the other at
/// the same place still matches. The chapter itself checks that the signal fits its processor.
func firstOutputDifference(_ doc: [String], _ printed: [String]) -> (index: Int, left: String, right: String)?
{
    guard let difference = firstDifference(doc.map(trapSignalUnnamed), printed.map(trapSignalUnnamed)) else {
        return nil
    }
    func shown(_ lines: [String]) -> String {
        difference.index < lines.count ? "`\(lines[difference.index])`" : "the end of the text"
    }
    return (difference.index, shown(doc), shown(printed))
}

/// `line` with either trap signal, as `ChildEnding` writes it, replaced by one name for both.
private func trapSignalUnnamed(_ line: String) -> String {
    line.replacing("signal 4 SIGILL", with: "the trap signal")
        .replacing("signal 5 SIGTRAP", with: "the trap signal")
}
