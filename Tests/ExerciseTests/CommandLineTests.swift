import Classroom
import Testing

@testable import WorkbookCommand

@Suite("Workbook: reading the command line")
struct CommandLineTests {
    @Test(arguments: [
        ([], Request.overview),
        (["help"], .help),
        (["--help"], .help),
        (["check"], .check(exercise: nil)),
        (["check", "2"], .check(exercise: 2)),
        (["check", "--junit", "r.xml"], .check(exercise: nil, reports: GraderReportPaths(junit: "r.xml"))),
        (
            ["check", "3", "--junit", "r.xml"],
            .check(exercise: 3, reports: GraderReportPaths(junit: "r.xml"))
        ),
        (["watch"], .watch(nil)),
        (["watch", "1"], .watch(1)),
        (["hint", "1"], .hint(1)),
        (["reset", "12"], .reset(12)),
        (["run", "2", "--timeline", "t.svg"], .run(2, arguments: ["--timeline", "t.svg"])),
        (
            ["check", "--results", "r.json"],
            .check(exercise: nil, reports: GraderReportPaths(results: "r.json"))
        ),
        (
            ["check", "4", "--junit", "r.xml", "--results", "r.json", "--summary", "s.md"],
            .check(
                exercise: 4, reports: GraderReportPaths(junit: "r.xml", results: "r.json", summary: "s.md"))
        ),
        (["reset", "2", "--force"], .reset(2, force: true)),
        (["reset", "-y", "2"], .reset(2, force: true)),
        (["solution", "3"], .solution(3)),
        (["student-edition", "../class"], .studentEdition(folder: "../class")),
        (
            ["grade", "a", "b", "--csv", "g.csv"],
            .grade(folders: ["a", "b"], options: GradeOptions(csvPath: "g.csv"))
        ),
        (["grade", "a"], .grade(folders: ["a"], options: GradeOptions())),
        (
            ["grade", ".", "--exercise", "3", "--in-place", "--gradescope", "r.json"],
            .grade(
                folders: ["."], options: GradeOptions(exercise: 3, gradescopeResults: "r.json", inPlace: true)
            )
        ),
        (["assignment", "classroom50", "kit"], .assignment(.classroom50, destination: "kit")),
        (["assignment", "gradescope", "kit.zip"], .assignment(.gradescope, destination: "kit.zip")),
    ])
    func readsEveryCommand(arguments: [String], request: Request) {
        #expect(readCommandLine(arguments) == .success(CommandLineReading(request: request)))
    }

    @Test func takesThePackagePathFromAnywhere() {
        #expect(
            readCommandLine(["hint", "--package-path", "/p", "1"])
                == .success(CommandLineReading(request: .hint(1), packagePath: "/p")))
    }

    @Test(arguments: [
        (["chek"], "unknown command 'chek'"),
        (["hint"], "hint needs an exercise number, such as `workbook hint 1`"),
        (["reset", "one"], "'one' is not an exercise number; `workbook reset 1` names exercise 1"),
        (["check", "x"], "'x' is not an exercise number; `workbook check 1` names exercise 1"),
        (["check", "--junit"], "--junit needs the path of the report to write, such as --junit report.xml"),
        (["check", "1", "2"], "unexpected '2'"),
        (["--package-path"], "--package-path needs a folder, such as --package-path ."),
        (
            ["check", "--results"],
            "--results needs the path of the report to write, such as --results results.json"
        ),
        (
            ["grade", "--csv", "g.csv"],
            "grade needs the students' folders, such as `workbook grade class/* --csv grades.csv`"
        ),
        (["grade", "a", "--cvs", "g.csv"], "unexpected '--cvs'"),
        (
            ["grade", "a", "--exercise", "x"],
            "'x' is not an exercise number; `--exercise 1` names exercise 1"
        ),
        (
            ["assignment"],
            "assignment needs a platform, classroom50 or gradescope, such as `workbook assignment classroom50 ../kit`"
        ),
        (
            ["assignment", "moodle", "k"],
            "'moodle' is not a platform the kits know; name classroom50 or gradescope"
        ),
        (
            ["assignment", "gradescope"],
            "assignment gradescope needs where to write it, such as `workbook assignment gradescope ../combine-autograder.zip`"
        ),
        (
            ["student-edition"],
            "student-edition needs a folder to write to, such as `workbook student-edition ../class`"
        ),
    ])
    func namesEachMistakeInALine(arguments: [String], message: String) {
        #expect(readCommandLine(arguments) == .failure(UsageMistake(message)))
    }
}

extension CommandLineReading {
    init(request: Request) {
        self.init(request: request, packagePath: nil)
    }
}
