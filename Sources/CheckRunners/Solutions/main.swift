import ExerciseChecks

// Runs one check against the untouched solutions, as `NameCheckRunner` does against the
// student's copy of one exercise: the proof tests start it for checks that need a process of their own.
runCheckFromCommandLine(against: checkedCode)
