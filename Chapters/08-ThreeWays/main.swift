import ChapterRunner
import Foundation
import Harness

// The main thread runs the main run loop, as an app's does, so what the screens send to the main
// queue runs on the main thread. (Linux's async `main` would drain the main queue on another
// thread.)
Task {
    await Chapter.run(
        "Chapter 8 · Three ways: completion handler, Combine, async/await", rules: threeWaysRules)
}
RunLoop.main.run()
