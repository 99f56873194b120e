import ChapterRunner
import Harness

await Chapter.run(
    "Chapter 4 · Retry placement: retry sees only failures", rules: retryRules + awaitedRetryRules)
