import ExerciseChecks
import Solutions

// Runs one check against the reference solutions, as ExerciseCheckRunner does against the
// student's copy: the proof tests start it for checks that need a process of their own.
runCheckFromCommandLine(against: checkedCode)
