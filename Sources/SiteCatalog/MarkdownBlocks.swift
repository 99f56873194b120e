/// A Markdown text split at its fenced code blocks, which the conversion leaves exactly as written:
/// links, pictures and comments are rewritten only in the prose between them.
struct MarkdownBlocks {
    enum Block {
        case prose(String)
        case code(String)
    }

    let blocks: [Block]

    init(_ text: String) {
        var blocks: [Block] = []
        var current: [Substring] = []
        var inCode = false
        func close() {
            let joined = current.joined(separator: "\n")
            if !current.isEmpty { blocks.append(inCode ? .code(joined) : .prose(joined)) }
            current = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let fence = line.trimmingPrefix(while: { $0 == " " }).hasPrefix("```")
            if fence && !inCode {
                close()
                inCode = true
                current.append(line)
            } else if fence && inCode {
                current.append(line)
                close()
                inCode = false
            } else {
                current.append(line)
            }
        }
        close()
        self.blocks = blocks
    }

    /// The prose between the code blocks.
    var prose: [String] {
        blocks.compactMap { if case .prose(let text) = $0 { text } else { nil } }
    }

    /// The text again, with each prose block passed through `rewrite`.
    func joined(rewritingProse rewrite: (String) throws -> String) rethrows -> String {
        try blocks.map { block in
            switch block {
            case .prose(let text): try rewrite(text)
            case .code(let text): text
            }
        }.joined(separator: "\n")
    }
}
