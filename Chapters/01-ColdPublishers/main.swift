import Workbook

await Chapter.run(
    "Chapter 1 · Cold publishers: nothing happens until you subscribe", rules: coldPublisherRules)
