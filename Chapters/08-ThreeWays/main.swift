import Workbook

await Chapter.run(
    "Chapter 8 · Three ways: completion handler, Combine, async/await", rules: threeWaysRules)
