import ChapterRunner
import Foundation
import Harness

// The main thread runs the main run loop, as an app's does, so the work the screen models send to
// the main queue runs on the main thread. (Linux's async `main` would drain the main queue on
// another thread.)
Task {
    await Chapter.run(
        "Chapter 9 · Code review: a publisher-based list screen, measured",
        rules: codeReviewRules + awaitedCodeReviewRules)
}
RunLoop.main.run()
