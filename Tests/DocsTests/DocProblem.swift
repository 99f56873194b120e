/// One way the docs disagree with the code, at a place a reader can open: `docs/01-x.md:12: …`.
struct DocProblem: CustomStringConvertible, Equatable {
    /// The file, relative to the repository root.
    let file: String
    /// The 1-based line, or nil when the problem is the file as a whole.
    let line: Int?
    let message: String

    init(_ file: String, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}

extension [DocProblem] {
    /// All problems, one a line, for a test's failure message.
    var report: String {
        map(\.description).joined(separator: "\n")
    }
}
