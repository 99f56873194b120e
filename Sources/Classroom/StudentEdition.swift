import CheckProcesses
import Foundation

/// The student edition: this package as a class gets it, a complete package without a reference
/// solution anywhere, ready to be an assignment's template repository (on Classroom 50, or any git
/// host).
///
/// What it holds is listed, not filtered: the top-level entries in `StudentEdition.kept`, less
/// `StudentEdition.leftOut` and every test or script with one of `StudentEdition.leftOutWords`. Text files lose
/// the lines between a `full edition: begin` and a `full edition: end` marker line (each a comment
/// of its own), which is how `Package.swift` and the roadmap drop what names the solutions. The
/// student's exercise files are the starters, whatever the teacher's own copies hold.
enum StudentEdition {
    /// The package's top-level entries that a class gets.
    static let kept = [
        "Package.swift", "Sources", "Chapters", "Tests", "docs", "scripts", "Benchmarks", "Tutorials",
        ".gitignore", ".swift-format",
    ]

    /// What the student edition never holds, though it sits in a kept folder: the reference
    /// solutions, the runner that binds them to the checks, other correct answers, and the
    /// teacher's guide. (The project's own CI, `.ci` and `.github`, is not in `kept`.)
    static let leftOut = [
        "Sources/Solutions", "Sources/CheckRunners/Solutions", "Sources/AnswerVariants", "docs/teaching.md",
    ]

    /// Words that leave out a test or a script that contains them: the names of the solutions'
    /// modules (`NameSolution`, `SolutionCheckRunner`), folders and variants, without which it
    /// would not build or run.
    static let leftOutWords = ["Solution", "AnswerVariant"]

    /// Writes the student edition of the package at `source` into `folder`, which must be new or
    /// empty.
    static func write(from source: URL, into folder: URL) throws(StudentEditionProblem) {
        let files = FileManager.default
        if let entries = try? files.contentsOfDirectory(atPath: folder.path), !entries.isEmpty {
            throw StudentEditionProblem("\(folder.path) is not empty; name a new or empty folder")
        }
        do {
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            for entry in kept where files.fileExists(atPath: source.appending(path: entry).path) {
                try copy(entry, from: source, into: folder)
            }
            try copyFolder("Sources/Starters", from: source, over: "Sources/Exercises", in: folder)
            let pages = (try? files.contentsOfDirectory(atPath: folder.appending(path: "docs").path)) ?? []
            try write(
                studentReadme(
                    chapterPages: pages.filter { $0.first?.isNumber == true && $0.hasSuffix(".md") }.sorted()
                        .map { "docs/" + $0 }),
                to: folder.appending(path: "README.md"))
            try write(selfCheckWorkflow(), to: folder.appending(path: selfCheckWorkflowPath))
        } catch let problem as StudentEditionProblem {
            throw problem
        } catch {
            throw StudentEditionProblem("could not write \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Copies `path` (a file, or a folder with everything in it) unless it is left out, taking
    /// the full-edition lines out of text files.
    private static func copy(_ path: String, from source: URL, into folder: URL) throws {
        guard !leftOut.contains(path) else { return }
        let from = source.appending(path: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: from.path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            for name in try FileManager.default.contentsOfDirectory(atPath: from.path).sorted()
            where !name.hasPrefix(".") {
                try copy(path + "/" + name, from: source, into: folder)
            }
            return
        }
        let data = try Data(contentsOf: from)
        guard let text = String(data: data, encoding: .utf8) else {
            return try write(data, to: folder.appending(path: path))
        }
        if path.hasPrefix("Tests/") || path.hasPrefix("scripts/"),
            leftOutWords.contains(where: text.contains)
        {
            return
        }
        let studentText: String
        do {
            studentText = try withoutFullEditionLines(text)
        } catch {
            throw StudentEditionProblem(
                "\(path):\(error.line): unpaired full-edition marker: \(error.problem)")
        }
        try write(Data(studentText.utf8), to: folder.appending(path: path))
        let permissions = try FileManager.default.attributesOfItem(atPath: from.path)[.posixPermissions]
        if let permissions {
            try FileManager.default.setAttributes(
                [.posixPermissions: permissions], ofItemAtPath: folder.appending(path: path).path)
        }
    }

    /// Copies every file of `folder` over the same path in `target`, as `reset` would.
    private static func copyFolder(
        _ folder: String, from source: URL, over target: String, in edition: URL
    )
        throws
    {
        let base = source.appending(path: folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return }
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            try write(
                Data(contentsOf: base.appending(path: relative)),
                to: edition.appending(path: target + "/" + relative))
        }
    }

    private static func write(_ text: String, to file: URL) throws {
        try write(Data(text.utf8), to: file)
    }

    private static func write(_ data: Data, to file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }
}

/// `text` without its full-edition sections: each line from a `full edition: begin` marker to the
/// next `full edition: end` marker, both included. A marker is a line of its own, as a `//`, `#`
/// or `<!-- -->` comment. An unpaired marker is refused, with its line: a `begin` inside a section,
/// an `end` outside one, or a section still open at the end of the text, would otherwise leave
/// a full-edition line in the student edition or drop a student's line from it.
func withoutFullEditionLines(_ text: String) throws(UnpairedMarker) -> String {
    var kept: [Substring] = []
    var openedAt: Int?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        switch (fullEditionMarker(line), openedAt) {
        case ("begin", nil): openedAt = index + 1
        case ("end", .some): openedAt = nil
        case ("begin", .some(let opened)):
            throw UnpairedMarker(
                line: index + 1, problem: "a second `begin` before the `end` of line \(opened)'s")
        case ("end", nil):
            throw UnpairedMarker(line: index + 1, problem: "an `end` with no `begin` before it")
        default: if openedAt == nil { kept.append(line) }
        }
    }
    if let opened = openedAt {
        throw UnpairedMarker(line: opened, problem: "a `begin` with no `end` after it")
    }
    return kept.joined(separator: "\n")
}

/// A full-edition marker without its partner: where, and what is wrong.
struct UnpairedMarker: Error, Equatable {
    let line: Int
    let problem: String
}

/// `begin` or `end` when `line` is a full-edition marker, else nil.
func fullEditionMarker(_ line: Substring) -> String? {
    guard line.contains("full edition: ") else { return nil }
    let marker = /\s*(?:\/\/|#|<!--)\s*full edition: (begin|end)\s*(?:-->)?\s*/
    return line.wholeMatch(of: marker).map { String($0.output.1) }
}

/// Why the student edition could not be written, in a line.
struct StudentEditionProblem: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

/// `workbook student-edition DIR`: writes the edition and says what to do with it.
public func makeStudentEdition(from layout: Layout, into folder: URL) -> Int32 {
    do {
        try StudentEdition.write(from: layout.root, into: folder)
    } catch {
        complain("workbook: " + error.message)
        return 2
    }
    say(
        """
        The student edition is in \(folder.path): the chapters, the checks and the starters, without a
        reference solution, and \(selfCheckWorkflowPath), a self-check on push that awards nothing.
        Next: `swift run workbook assignment classroom50 DIR` or `assignment gradescope FILE.zip`
        packs it with your grading, or push it and grade the class's copies with `grade`
        (docs/teaching.md, step by step).
        """)
    return 0
}
