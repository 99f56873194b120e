import ChapterRunner
import Foundation
import Harness

// The main thread runs the main run loop, as an app's does, so work sent to the main queue runs on
// the main thread. (Linux's async `main` would drain the main queue on another thread.)
Task {
    switch ModelChild.request(in: ProcessInfo.processInfo.environment) {
    case nil:
        await Chapter.run(
            "Chapter 6 · Thread delivery: threads, and the Swift 6 crash",
            rules: threadDeliveryRules + awaitedThreadDeliveryRules)
    case .success(let (way, url)):
        await ModelChild.run(way, from: url)
    case .failure(let mistake):
        FileHandle.standardError.write(Data("ThreadDelivery: \(mistake)\n".utf8))
        exit(2)
    }
}
RunLoop.main.run()
