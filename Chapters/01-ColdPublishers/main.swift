import ChapterRunner
import Harness

await Chapter.run(
    "Chapter 1 · Cold publishers: nothing happens until you subscribe",
    rules: coldPublisherRules + awaitedColdRules)
