import Foundation
import TestSupport
import TimelineDrawing
import Timelines

/// A throwaway repository tree in the temporary folder, for showing that each check catches what
/// it should; removed when the test is done with it.
final class Fixture {
    let repository: DocsRepository

    /// Writes `files` (path relative to the root → text) and returns the tree.
    init(_ files: [String: String]) throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "docs-fixture-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        repository = DocsRepository(root: root)
    }

    deinit {
        try? FileManager.default.removeItem(at: repository.root)
    }

    /// A small, consistent workbook of two chapters: every check passes on it as it stands.
    static func twoChapters(
        replacing replacements: [String: String] = [:], removing removed: Set<String> = []
    ) throws -> Fixture {
        var files = [
            "Chapters/01-Alpha/main.swift": "print(\"alpha\")\n",
            "Chapters/01-Alpha/Rules.swift": """
            struct Rules {
                // excerpt: first-rule
                /// Says hello.
                func hello() -> String {
                    // excerpt: greeting
                    let greeting = "hello"
                    // end excerpt

                    return greeting
                }
                // end excerpt
            }

            """,
            "Chapters/02-Beta/main.swift": "print(\"beta\")\n",
            "Sources/tool/main.swift": "print(\"tool\")\n",
            "README.md": "| 1 | [Alpha](docs/01-alpha.md) |\n| 2 | [Beta](docs/02-beta.md) |\n",
            "docs/README.md": """
            # Roadmap

            1. [Alpha](01-alpha.md)
            2. [Beta](02-beta.md), run with `swift run Beta` or `swift run tool`.

            """,
            "docs/01-alpha.md": """
            # Alpha

            <!-- excerpt: Chapters/01-Alpha/Rules.swift#first-rule -->
            ```swift
            /// Says hello.
            func hello() -> String {
                let greeting = "hello"

                return greeting
            }
            ```

            Run `swift run Alpha`:

            <!-- output: Alpha -->
            ```text
            Alpha

            ✓ says hello
            ```

            ![Timeline of Alpha](images/01-alpha.svg)
            Step through a run event by event: `swift run Alpha --timeline /tmp/alpha.html`.

            ![The rule "says hello"](images/01-alpha/says-hello.svg)

            [Roadmap](README.md) · [Next: Beta →](02-beta.md)

            """,
            "docs/02-beta.md": """
            # Beta

            <!-- excerpt: Chapters/01-Alpha/Rules.swift#greeting -->
            ```swift
            let greeting = "hello"
            ```

            ```sh
            swift run -c release Beta
            ```

            <!-- output: Beta -->
            ```text
            Beta
            ```

            ![Timeline of Beta](./images/02-beta.svg)

            Step through a run in a browser: `swift run Beta --timeline=/tmp/beta.html`, then open it.

            ![The rule "says hello"](./images/02-beta/says-hello.svg)

            [← Previous: Alpha](01-alpha.md) · [Roadmap](README.md)

            """,
        ]
        for (name, page) in [("Alpha", "01-alpha"), ("Beta", "02-beta")] {
            let drawn = pictures(name)
            files["docs/images/\(page).svg"] = drawn.overview
            for rule in drawn.rules {
                files["docs/images/\(page)/\(rule.name).svg"] = rule.svg
            }
        }
        files.merge(replacements) { $1 }
        return try Fixture(files.filter { !removed.contains($0.key) })
    }

    /// A timeline like the one a run of the fixture's chapter `name` would record: a subscriber that
    /// gets one value, and the server that answers it.
    static func timeline(_ name: String, value: String = "200") -> Timeline {
        let timeline = Timeline(title: name)
        timeline.beginSection("says hello")
        timeline.record(.subscribe, lane: "subscriber")
        timeline.record(.request, lane: "server", detail: "GET /hello")
        timeline.record(.response, lane: "server", detail: "200")
        timeline.record(.value, lane: "subscriber", detail: value)
        timeline.record(.completion, lane: "subscriber", detail: "finished")
        return timeline
    }

    /// The pictures a run of the fixture's chapter `name` would draw: its overview and its one
    /// rule's picture, `says-hello.svg`.
    static func pictures(_ name: String, value: String = "200") -> ChapterPictures {
        let drawn = timeline(name, value: value)
        return ChapterPictures(overview: drawn.svg, rules: drawn.rulePictures)
    }

    /// What the fixture's chapters "print": their report, then a timings section.
    static func printed(_ name: String) -> String {
        let facts = name == "Alpha" ? "Alpha\n\n✓ says hello" : "Beta"
        return facts + "\n\ntimings on Linux (they vary from run to run):\n  whole run   3 ms\n"
    }
}
