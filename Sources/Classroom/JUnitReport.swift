import CheckProcesses
import ExerciseCatalog
import Foundation
import Quantities

/// A JUnit XML report, the format CI systems and classroom graders read: a test suite per exercise
/// and a test case per check. A check that could not run because the code did not compile is a
/// failed test case whose text is the compiler's errors.
func junitReport(_ outcomes: [ExerciseOutcome]) -> String {
    let suites = outcomes.map { outcome in
        let exercise = outcome.exercise
        let cases = exercise.checks.enumerated().map { index, check in
            let classname = "exercise\(exercise.number)"
            guard let result = outcome.results.indices.contains(index) ? outcome.results[index] : nil else {
                return """
                        <testcase classname="\(classname)" name="\(escaped(check.sentence))" time="0">
                          <failure message="does not compile">\(escaped(outcome.buildFailure ?? ""))</failure>
                        </testcase>
                    """
            }
            let time = String(format: "%.3f", result.duration.timeInterval)
            guard !result.verdict.holds else {
                return
                    "    <testcase classname=\"\(classname)\" name=\"\(escaped(check.sentence))\" time=\"\(time)\"/>"
            }
            let output = result.output.isEmpty ? [] : ["output:"] + result.output
            let details =
                ([
                    "expected: " + result.verdict.expected, "measured: " + result.verdict.measured,
                    "hint: " + result.hint,
                ]
                + output).joined(separator: "\n")
            return """
                    <testcase classname="\(classname)" name="\(escaped(check.sentence))" time="\(time)">
                      <failure message="\(escaped("measured: " + result.verdict.measured))">\(escaped(details))</failure>
                    </testcase>
                """
        }
        let failures = exercise.checks.indices.filter { index in
            !(outcome.results.indices.contains(index) && outcome.results[index].verdict.holds)
        }.count
        let name = "Exercise \(exercise.number) · \(exercise.name)"
        return
            "  <testsuite name=\"\(escaped(name))\" tests=\"\(exercise.checks.count)\" failures=\"\(failures)\">\n"
            + cases.joined(separator: "\n") + "\n  </testsuite>"
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"workbook\">\n"
        + suites.joined(separator: "\n") + "\n</testsuites>\n"
}

/// `text` safe inside an XML attribute or element.
private func escaped(_ text: String) -> String {
    text.unicodeScalars.map { scalar -> String in
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&apos;"
        // XML 1.0 allows no control characters but tab, newline and carriage return.
        case _ where scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value): ""
        default: String(scalar)
        }
    }.joined()
}
