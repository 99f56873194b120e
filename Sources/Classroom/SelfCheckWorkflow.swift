/// Where the student edition keeps its self-check workflow.
let selfCheckWorkflowPath = ".github/workflows/self-check.yml"

/// The command the self-check runs: every exercise's checks, their verdicts appended to the job's
/// summary. `check` exits 1 while an exercise is unsolved, which is the student's progress, not a
/// broken run, so only its status 2 (it could not run as asked) fails the job.
let selfCheckCommand = #"swift run workbook check --summary "$GITHUB_STEP_SUMMARY" || [ "$?" -eq 1 ]"#

/// `.github/workflows/self-check.yml` for the student edition: on every push, in Swift's official
/// Ubuntu image, run every exercise's checks and put the verdicts in the run's summary. It awards
/// nothing and reports to no platform: the teacher grades with their own checks (`grade` or an
/// assignment kit), never with this workflow or with the student's copy of the checks.
func selfCheckWorkflow() -> String {
    """
    # Your own check on every push: every exercise's checks, run as `swift run workbook check` runs
    # them, with the verdicts in the run's summary. It awards no points; your teacher grades your
    # exercise files with their own copy of the checks. Written by `swift run workbook student-edition`.
    name: Self-check
    'on':
      - push
      - workflow_dispatch
    permissions:
      contents: read
    jobs:
      check:
        runs-on: ubuntu-latest
        # Swift 6 on Ubuntu, as the official image installs it.
        container: swift:6.3
        timeout-minutes: 30
        steps:
          - name: Checkout code
            uses: actions/checkout@v5
          - name: Check every exercise
            run: \(selfCheckCommand)

    """
}
