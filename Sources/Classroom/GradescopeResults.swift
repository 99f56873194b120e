import ExerciseCatalog
import Foundation

/// Gradescope's `results.json` for one student: a test per exercise, worth its points when every
/// one of its checks passes, whose `output` lists each check's verdict and what stopped the rest.
/// The total is left to Gradescope, which adds up the tests' scores; the top-level `output` carries
/// the notes on the submission (files changed outside the exercises, say).
struct GradescopeResults: Encodable, Equatable {
    struct Test: Encodable, Equatable {
        let name: String
        let number: String
        let score: Int
        let maxScore: Int
        let status: String
        let output: String
        let visibility = "visible"

        enum CodingKeys: String, CodingKey {
            case name, number, score, status, output, visibility
            case maxScore = "max_score"
        }
    }

    let output: String
    let visibility = "visible"
    let stdoutVisibility = "hidden"
    let tests: [Test]

    enum CodingKeys: String, CodingKey {
        case output, visibility, tests
        case stdoutVisibility = "stdout_visibility"
    }

    init(_ grade: StudentGrade) {
        tests = zip(exercises, zip(grade.exercises, exercisePoints())).map { exercise, pair in
            let (scored, points) = pair
            var lines = ["\(scored.passed) of \(scored.checks) checks passed."]
            if let note = scored.note { lines.append("Note: \(note.rawValue).") }
            lines += grade.details[exercise.number].map { [$0] } ?? []
            return Test(
                name: "Exercise \(exercise.number) · \(exercise.name)", number: "\(exercise.number)",
                score: scored.solved ? points : 0, maxScore: points,
                status: scored.solved ? "passed" : "failed",
                output: lines.joined(separator: "\n"))
        }
        output =
            grade.exercises.isEmpty
            ? "Not graded: " + grade.notes.joined(separator: "; ")
            : (["Graded with your teacher's checks; only your exercise files were taken."]
                + grade.notes.map { "Note: " + $0 }).joined(separator: "\n")
    }

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}
