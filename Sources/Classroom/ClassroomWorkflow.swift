import ExerciseChecks

/// The points each exercise is worth in GitHub Classroom, in exercise order: 100 split as evenly
/// as whole points allow, the later exercises taking the odd points.
func classroomPoints(count: Int = exercises.count, total: Int = 100) -> [Int] {
    let each = total / count
    let extra = total - each * count
    return (0..<count).map { each + ($0 >= count - extra ? 1 : 0) }
}

/// How many minutes GitHub Classroom gives one exercise's check before it stops it: far beyond
/// the seconds a check takes once the package is built, with room for the build of the checks.
let classroomTimeoutMinutes = 10

/// The command a Classroom step runs to grade exercise `number`, exactly as a student would.
func classroomCommand(_ number: Int) -> String {
    "swift run workbook check \(number)"
}

/// The build a Classroom run starts with: the runner, so that the graders' time goes on checking.
/// It builds none of the student's code, and a failure of it costs nothing: each grader builds
/// what it needs again.
let classroomBuildCommand = "swift build --product workbook"

/// `.github/workflows/classroom.yml` for the student edition, in the shape GitHub Classroom writes
/// for an assignment's autograding: on every push, in an Ubuntu container that has Swift
/// installed, build the runner, grade each exercise in a step of its own with the command grader
/// (its exit status decides, its points are the exercise's), then report every step's result.
///
/// No step's failure may skip another's grading, since GitHub Actions skips every step after a
/// failed one unless told otherwise: the build may fail (`continue-on-error`), and the graders and
/// the reporter run whatever came before (`if: '!cancelled()'`). So an exercise that does not
/// compile, crashes, hangs or is gone costs only its own points.
func classroomWorkflow() -> String {
    let points = classroomPoints()
    let graded = zip(exercises, points).map { exercise, points in
        """
              - name: Exercise \(exercise.number) · \(exercise.name)
                id: exercise-\(exercise.number)
                if: '!cancelled()'
                uses: classroom-resources/autograding-command-grader@v1
                with:
                  test-name: Exercise \(exercise.number) · \(exercise.name)
                  setup-command: ''
                  command: \(classroomCommand(exercise.number))
                  timeout: \(classroomTimeoutMinutes)
                  max-score: \(points)
        """
    }
    let results = exercises.map {
        "          EXERCISE-\($0.number)_RESULTS: \"${{steps.exercise-\($0.number).outputs.result}}\""
    }
    let runners = exercises.map { "exercise-\($0.number)" }.joined(separator: ",")
    return """
        # GitHub Classroom's autograding for the workbook: each push builds the runner, then checks
        # each exercise with `swift run workbook check N`, worth the points in its max-score. No
        # step's failure skips another exercise's grading. Written by
        # `swift run workbook student-edition`.
        name: Autograding Tests
        'on':
          - push
          - repository_dispatch
        permissions:
          checks: write
          actions: read
          contents: read
        jobs:
          run-autograding-tests:
            runs-on: ubuntu-latest
            # Swift 6 on Ubuntu, as the official image installs it.
            container: swift:6.3
            if: github.actor != 'github-classroom[bot]'
            timeout-minutes: 60
            steps:
              - name: Checkout code
                uses: actions/checkout@v5
              - name: Build the workbook's runner
                continue-on-error: true
                run: \(classroomBuildCommand)

        """ + graded.joined(separator: "\n") + "\n" + """
                  - name: Autograding Reporter
                    if: '!cancelled()'
                    uses: classroom-resources/autograding-grading-reporter@v1
                    env:

            """ + results.joined(separator: "\n") + "\n" + """
                        with:
                          runners: \(runners)

                """
}
