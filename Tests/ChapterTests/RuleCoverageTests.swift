import Foundation
import TestSupport
import Testing

/// Every rule a chapter prints is asserted by a test: a test of `Tests/ChapterTests` names its
/// measuring function, or the row's sentence. A rule added without its test (step 3 of
/// CONTRIBUTING's "Adding a rule row") fails here, naming the rule.
@Suite("Chapters: every rule has a test")
struct RuleCoverageTests {
    @Test(arguments: chapterNames)
    func everyRuleOfTheChapterIsAssertedByATest(chapter: String) throws {
        let sources = try swiftFiles(in: "Chapters").filter { $0.path.contains("-\(chapter)/") }
        let rules = try sources.flatMap { try declaredRules(in: String(contentsOf: $0, encoding: .utf8)) }
        #expect(!rules.isEmpty, "found no rules in Chapters/…-\(chapter)")
        let tests = try swiftFiles(in: "Tests/ChapterTests").map {
            try String(contentsOf: $0, encoding: .utf8)
        }
        .joined(separator: "\n")
        #expect(untested(rules, in: tests) == [])
    }

    /// The check itself, on a chapter whose second rule no test mentions.
    @Test func aRuleNoTestMentionsIsReported() {
        let source = """
            let rules = [
                Rule("one subscriber sends one request", oneRequestPerSubscriber),
                Rule.demonstration("a late subscriber (\\(platform)) gets nothing", lateSubscriber),
                Rule("under \\(setting.name): it runs") { lab in await ranUnder(setting, in: lab) },
            ]
            """
        let rules = declaredRules(in: source)
        #expect(rules.map(\.function) == ["oneRequestPerSubscriber", "lateSubscriber", "ranUnder"])
        let tests = "measure(oneRequestPerSubscriber) … await ranUnder(setting, in: lab)"
        #expect(untested(rules, in: tests) == ["a late subscriber (…) gets nothing (lateSubscriber)"])
    }
}

/// A rule as its chapter declares it: the fixed start of its sentence (up to any interpolation),
/// and the function that measures it.
struct DeclaredRule {
    let sentence: String
    let function: String
}

/// The rules declared in `source`: `Rule("…", function)`, `Rule.demonstration("…", function)`, or
/// `Rule("…", …) { lab in await function(…) }`.
func declaredRules(in source: String) -> [DeclaredRule] {
    let rule =
        /Rule(?:\.demonstration)?\(\s*"((?:[^"\\]|\\.)*)"(?:\s*,\s*(\w+)\s*\)|[^{]*?\{\s*\w+\s+in\s+await\s+(\w+))/
    return source.matches(of: rule).map { match in
        let sentence = String(match.output.1).replacing(/\\\([^)]*\)?/, with: "…")
        return DeclaredRule(sentence: sentence, function: String(match.output.2 ?? match.output.3 ?? ""))
    }
}

/// The rules of `rules` that `tests` mention neither by function nor by the start of their sentence.
func untested(_ rules: [DeclaredRule], in tests: String) -> [String] {
    let words = Set(tests.split { !($0.isLetter || $0.isNumber || $0 == "_") })
    return rules.filter { rule in
        let fixedStart = rule.sentence.prefix { $0 != "…" }
        return !words.contains(Substring(rule.function))
            && (fixedStart.count < 12 || !tests.contains(fixedStart))
    }
    .map { "\($0.sentence) (\($0.function))" }
}

/// The Swift files under `folder`, a path from the package's root.
func swiftFiles(in folder: String) throws -> [URL] {
    let files = FileManager.default.enumerator(
        at: packageRoot.appending(path: folder), includingPropertiesForKeys: nil)
    return (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
}
