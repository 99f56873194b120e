import ChapterRunner
import Harness

await Chapter.run(
    "Chapter 3 · Typed errors: validate, decode, keep the error type",
    rules: typedErrorRules + awaitedTypedErrorRules)
