import ExerciseChecks
import LatestSearchExercise

// Runs one of exercise 5's checks against the student's code, in a process of its own, so a crash or
// a hang there ends this process, never `workbook check`. The binding below is also a line of
// Starters/CheckedCode.swift and Solutions/CheckedCode.swift (MirrorTests holds them to it): one
// source file cannot belong to several targets, and a module per exercise needs a runner per module.
let code = LatestSearchCode(searchForm, latestResults(for:from:scheduler:), latestResults(for:from:clock:))
runCheckFromCommandLine(against: code)
