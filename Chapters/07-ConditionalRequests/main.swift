import ChapterRunner
import Foundation
import Harness

// The main thread runs the main run loop, as an app's does, so the awaited model's main-actor work
// runs on the main thread. (Linux's async `main` would drain the main queue on another thread.)
Task {
    await Chapter.run(
        "Chapter 7 · Conditional requests: ask whether it changed, decode only when it did",
        rules: conditionalRequestRules + awaitedConditionalRules)
}
RunLoop.main.run()
