import ChapterRunner
import Harness

await Chapter.run(
    "Chapter 5 · Cancellation: cancelling the cancellable cancels the task",
    rules: cancellationRules + awaitedCancellationRules)
