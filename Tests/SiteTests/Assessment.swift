/// A tutorial's quiz read from its `.tutorial` file: each question names the chapter's row it asks
/// about in a code span, and each choice's answer is its first code span.
struct Assessment {
    struct Question {
        let text: String
        let choices: [(answer: String, isCorrect: Bool)]
    }

    let questions: [Question]

    init(tutorial: String) {
        let blocks = tutorial.split(separator: "@MultipleChoice {").dropFirst()
        questions = blocks.map { block in
            let parts = block.split(separator: "@Choice(isCorrect: ")
            let choices = parts.dropFirst().map { part in
                (answer: Self.firstCodeSpan(part) ?? "", isCorrect: part.hasPrefix("true"))
            }
            return Question(text: String(parts.first ?? ""), choices: choices)
        }
    }

    static func firstCodeSpan(_ text: Substring) -> String? {
        text.firstMatch(of: /`([^`]+)`/).map { String($0.output.1) }
    }

    /// What is wrong with the quiz against `report`, the chapter's output: a question that names
    /// no row, a row that did not hold, a right answer its row does not show, or a wrong answer it does.
    func problems(against report: String) -> [String] {
        let lines = report.split(separator: "\n").map(\.trimmed)
        return questions.flatMap { question -> [String] in
            let spans = question.text.matches(of: /`([^`]+)`/).map { String($0.output.1) }
            let named = spans.lazy.compactMap { span in Self.row(span, in: lines).map { (span, $0) } }.first
            guard let (sentence, row) = named else {
                return ["no row of the chapter is named by the question: \(question.text.trimmed)"]
            }
            var problems: [String] = []
            if !row.held { problems.append("the row \(sentence) did not hold: \(row.measured)") }
            let rightAnswers = question.choices.filter(\.isCorrect).count
            if rightAnswers != 1 {
                problems.append("the question on \(sentence) marks \(rightAnswers) right answers")
            }
            for choice in question.choices where row.measured.contains(choice.answer) != choice.isCorrect {
                problems.append(
                    "the row \(sentence) measured \(row.measured), but \(choice.answer) is marked "
                        + (choice.isCorrect ? "right" : "wrong"))
            }
            return problems
        }
    }

    /// The row whose sentence is `sentence`, whether it held, and what it measured. A rule's row
    /// is `✓ sentence   measured`; a demonstration's is `sentence   ✓ reproduced: measured`.
    private static func row(_ sentence: String, in lines: [String]) -> (held: Bool, measured: String)? {
        for line in lines {
            if line.hasPrefix("✓ \(sentence)  ") || line.hasPrefix("✗ \(sentence)  ") {
                return (line.hasPrefix("✓"), line.dropFirst(sentence.count + 2).trimmed)
            }
            if line.hasPrefix(sentence + "  ") {
                let rest = line.dropFirst(sentence.count).trimmed
                return (rest.hasPrefix("✓ reproduced: "), String(rest.trimmingPrefix("✓ reproduced: ")))
            }
        }
        return nil
    }
}

extension StringProtocol {
    var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
