/// One error the compiler reported: where, what, and the source lines it printed with it.
struct CompilerError: Equatable, Sendable {
    /// The file's absolute path, as the compiler printed it.
    let path: String
    /// `path:line:column: error: message`.
    let heading: String
    /// The excerpt of the source the compiler showed under the heading, if any.
    let excerpt: [String]
}

/// The errors in a build log, in order, each once (a compiler may report one twice).
///
/// A diagnostic starts with `path:line:column: error: message`; the lines after it that are not
/// another diagnostic, a build step (`[12/40] Compiling …`) or blank are its source excerpt.
func compilerErrors(in log: String) -> [CompilerError] {
    var errors: [CompilerError] = []
    var current: CompilerError?
    func finish() {
        if let done = current, !errors.contains(where: { $0.heading == done.heading }) { errors.append(done) }
        current = nil
    }
    for line in log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if let match = line.wholeMatch(of: /(\/[^:]+):\d+:\d+: (error|warning|note): .*/) {
            finish()
            if match.output.2 == "error" {
                current = CompilerError(path: String(match.output.1), heading: line, excerpt: [])
            }
        } else if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("[") {
            finish()
        } else if let error = current {
            current = CompilerError(path: error.path, heading: error.heading, excerpt: error.excerpt + [line])
        }
    }
    finish()
    return errors
}
