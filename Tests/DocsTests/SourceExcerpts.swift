/// The quotable regions of a source file: the lines between `// excerpt: name` and `// end excerpt`.
///
/// Regions may nest; every marker line is left out of every region's text, and each region loses
/// the indentation its lines have in common, so a doc can quote a function from inside a type.
struct SourceExcerpts {
    private(set) var regions: [String: [String]] = [:]
    /// Markers that do not pair up, as problems in the source file.
    private(set) var problems: [DocProblem] = []

    init(path: String, text: String) {
        var open: [(name: String, line: Int, lines: [String])] = []
        for (offset, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let name = trimmed.wholeMatch(of: /\/\/ excerpt: ([a-z0-9][a-z0-9-]*)/)?.output.1 {
                if regions[String(name)] != nil || open.contains(where: { $0.name == name }) {
                    problems.append(
                        DocProblem(path, line: offset + 1, "excerpt \"\(name)\" is defined twice"))
                }
                open.append((String(name), offset + 1, []))
            } else if trimmed == "// end excerpt" {
                guard let region = open.popLast() else {
                    problems.append(
                        DocProblem(path, line: offset + 1, "\"// end excerpt\" closes no excerpt"))
                    continue
                }
                regions[region.name] = Self.withoutCommonIndentation(region.lines)
            } else if trimmed.hasPrefix("// excerpt:") {
                problems.append(
                    DocProblem(
                        path, line: offset + 1, "excerpt names are lowercase words and hyphens: \(trimmed)"))
            } else {
                for index in open.indices { open[index].lines.append(line) }
            }
        }
        for region in open {
            problems.append(
                DocProblem(path, line: region.line, "excerpt \"\(region.name)\" has no \"// end excerpt\""))
        }
    }

    /// The lines with the indentation shared by all non-blank ones removed, and blank lines emptied.
    static func withoutCommonIndentation(_ lines: [String]) -> [String] {
        let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map {
            $0.prefix { $0 == " " || $0 == "\t" }.count
        }
        let common = indents.min() ?? 0
        return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(common)) }
    }
}
