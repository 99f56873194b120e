import Harness
import TestSupport

/// Checks that every "what `swift run X` prints" block in `docs/` is exactly the stable part of
/// what X prints now, and that each chapter page shows its own chapter's output.
///
/// The marker is `<!-- output: ColdPublishers -->` on the line before a ```text fence. Where the
/// platforms print different things, a page shows one block per platform instead, marked
/// `<!-- output: StatusIsAValue (Linux) -->` and `<!-- output: StatusIsAValue (macOS) -->`, and only
/// the block for `platform` (where the tests run) is compared. `printed` gives an executable's real
/// standard output; a run that fails is itself a problem.
func outputProblems(
    in repository: DocsRepository, platform: String = platformName, printed: (String) async throws -> String
) async -> [DocProblem] {
    var problems: [DocProblem] = []
    var stableParts: [String: Result<[String], any Error>] = [:]
    let executables = repository.executables
    for page in repository.pages {
        for block in page.blocks {
            guard let marker = block.marker, marker.kind == "output" else { continue }
            let quote = OutputQuote(marker.argument)
            let name = quote.executable
            guard executables.contains(name) else {
                problems.append(
                    DocProblem(page.path, line: marker.line, "output of \(name), which is no executable"))
                continue
            }
            if let other = quote.platform, !OutputQuote.platforms.contains(other) {
                problems.append(
                    DocProblem(
                        page.path, line: marker.line,
                        "output on \(other), which is none of \(OutputQuote.platforms.joined(separator: ", "))"
                    ))
                continue
            }
            guard block.language == "text" else {
                problems.append(DocProblem(page.path, line: block.line, "an output must be a ```text block"))
                continue
            }
            guard quote.platform == nil || quote.platform == platform else { continue }
            if stableParts[name] == nil {
                do {
                    stableParts[name] = .success(try stableReport(ofPrinted: await printed(name)))
                } catch {
                    stableParts[name] = .failure(error)
                }
            }
            switch stableParts[name]! {
            case .failure(let error):
                problems.append(
                    DocProblem(page.path, line: marker.line, "could not get the output of \(name): \(error)"))
            case .success(let stable):
                if let difference = firstOutputDifference(block.content, stable) {
                    problems.append(
                        DocProblem(
                            page.path, line: block.line + 1 + difference.index,
                            "output differs from what `swift run \(name)` prints at its line \(difference.index + 1): "
                                + "the doc has \(difference.left), the program prints \(difference.right)"))
                }
            }
        }
    }
    return problems + incompletePlatformOutputs(in: repository) + missingOwnOutputs(in: repository)
}

/// What an output marker's argument names: `StatusIsAValue`, or `StatusIsAValue (macOS)` for what it
/// prints on one platform.
struct OutputQuote: Equatable {
    /// The platforms a page shows per-platform output for, as `platformName` calls them.
    static let platforms = ["Linux", "macOS"]

    let executable: String
    let platform: String?

    init(_ argument: String) {
        if argument.hasSuffix(")"), let open = argument.lastIndex(of: "(") {
            executable = argument[..<open].trimmingCharacters(in: .whitespaces)
            platform = String(
                argument[argument.index(after: open)..<argument.index(before: argument.endIndex)])
        } else {
            executable = argument
            platform = nil
        }
    }
}

/// Pages that show an executable's output for some platforms but not for every one, or both per
/// platform and for all: either way, a reader on some platform sees the wrong output.
private func incompletePlatformOutputs(in repository: DocsRepository) -> [DocProblem] {
    repository.pages.flatMap { page in
        let quotes = page.blocks.compactMap(\.marker).filter { $0.kind == "output" }.map {
            OutputQuote($0.argument)
        }
        let perPlatform = Set(quotes.filter { $0.platform != nil }.map(\.executable))
        return perPlatform.sorted().compactMap { name -> DocProblem? in
            let shown = Set(quotes.filter { $0.executable == name }.map { $0.platform })
            if shown.contains(nil) {
                return DocProblem(
                    page.path, "shows the output of \(name) both for every platform and per platform")
            }
            let missing = OutputQuote.platforms.filter { !shown.contains($0) }
            guard !missing.isEmpty else { return nil }
            return DocProblem(
                page.path,
                "shows the output of \(name) per platform but not for \(missing.joined(separator: ", "))")
        }
    }
}

/// Chapter pages that do not quote their own chapter's output.
private func missingOwnOutputs(in repository: DocsRepository) -> [DocProblem] {
    repository.chapters.flatMap { chapter in
        (repository.chapterPages[chapter.number] ?? []).compactMap { page in
            let quotes = page.blocks.contains {
                $0.marker?.kind == "output"
                    && $0.marker.map { OutputQuote($0.argument).executable } == chapter.name
            }
            return quotes ? nil : DocProblem(page.path, "shows no <!-- output: \(chapter.name) --> block")
        }
    }
}

/// What a report says that is the same on every run: everything before the blank line that opens
/// its timings (see `Report.rendered`).
func stableReport(ofPrinted output: String) throws -> [String] {
    guard let timings = output.range(of: "\n\ntimings on ") else { throw UnstableOutput(output: output) }
    return output[..<timings.lowerBound].components(separatedBy: "\n")
}

/// A printed report without the timings section that marks where its stable part ends.
struct UnstableOutput: Error, CustomStringConvertible {
    let output: String
    var description: String { "no timings section to split the report at; it printed:\n\(output)" }
}
