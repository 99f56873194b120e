import ExerciseChecks
import Starters

// Runs one check against the untouched starters, as ExerciseCheckRunner does against the student's
// copy: the proof tests start it for checks that need a process of their own.
runCheckFromCommandLine(against: checkedCode)
