/// Checks that every "what `swift run X` prints" block in `docs/` is exactly the stable part of
/// what X prints now, and that each chapter page shows its own chapter's output.
///
/// The marker is `<!-- output: ColdPublishers -->` on the line before a ```text fence. `printed`
/// gives an executable's real standard output; a run that fails is itself a problem.
func outputProblems(
    in repository: DocsRepository, printed: (String) async throws -> String
) async -> [DocProblem] {
    var problems: [DocProblem] = []
    var stableParts: [String: Result<[String], any Error>] = [:]
    let executables = repository.executables
    for page in repository.pages {
        for block in page.blocks {
            guard let marker = block.marker, marker.kind == "output" else { continue }
            let name = marker.argument
            guard executables.contains(name) else {
                problems.append(
                    DocProblem(page.path, line: marker.line, "output of \(name), which is no executable"))
                continue
            }
            guard block.language == "text" else {
                problems.append(DocProblem(page.path, line: block.line, "an output must be a ```text block"))
                continue
            }
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
                if let difference = firstDifference(block.content, stable) {
                    problems.append(
                        DocProblem(
                            page.path, line: block.line + 1 + difference.index,
                            "output differs from what `swift run \(name)` prints at its line \(difference.index + 1): "
                                + "the doc has \(difference.left), the program prints \(difference.right)"))
                }
            }
        }
    }
    return problems + missingOwnOutputs(in: repository)
}

/// Chapter pages that do not quote their own chapter's output.
private func missingOwnOutputs(in repository: DocsRepository) -> [DocProblem] {
    repository.chapters.flatMap { chapter in
        (repository.chapterPages[chapter.number] ?? []).compactMap { page in
            let quotes = page.blocks.contains {
                $0.marker?.kind == "output" && $0.marker?.argument == chapter.name
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
