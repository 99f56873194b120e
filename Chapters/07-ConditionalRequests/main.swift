import ChapterRunner
import Harness

await Chapter.run(
    "Chapter 7 · Conditional requests: ask whether it changed, decode only when it did",
    rules: conditionalRequestRules)
