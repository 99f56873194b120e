import ChapterRunner
import Harness

await Chapter.run(
    "Chapter 2 · Status is a value: a 404 is not a failure", rules: statusRules + awaitedStatusRules)
