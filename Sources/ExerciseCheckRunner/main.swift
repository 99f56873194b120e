import ExerciseChecks
import Exercises

// Runs one check against the student's code in Sources/Exercises; `workbook check` starts one of
// these per check, so a crash or a hang in that code ends this process, never the runner.
runCheckFromCommandLine(against: checkedCode)
