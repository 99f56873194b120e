import Foundation

/// The paths of the student edition a student's copy should leave as they are: the self-check
/// workflow, the manifest, and every source and test folder but the student's own exercise files.
/// Grading never runs a copy's own (`grade` and the kits run the teacher's), so a change there
/// earns nothing, but it is named in the grade's notes: a student who edits a check has something
/// to explain. The rest of `.github` is left out, since Classroom 50 adds a workflow of its own.
let gradingPaths = [selfCheckWorkflowPath, "Package.swift", "Sources", "Tests"]

/// The student's own files, which are theirs to change.
private let studentsOwn = "Sources/Exercises/"

/// How `folder` differs from the edition at `edition` on the grading paths, one note per file:
/// `modified: PATH`, `deleted: PATH` or `added: PATH`, in path order.
func changedEditionFiles(in folder: URL, comparedWith edition: URL) -> [String] {
    let theirs = gradingFiles(in: folder)
    let ours = gradingFiles(in: edition)
    var notes: [String: String] = [:]
    for path in ours.subtracting(theirs) { notes[path] = "deleted: " + path }
    for path in theirs.subtracting(ours) { notes[path] = "added: " + path }
    for path in ours.intersection(theirs)
    where (try? Data(contentsOf: folder.appending(path: path)))
        != (try? Data(contentsOf: edition.appending(path: path)))
    {
        notes[path] = "modified: " + path
    }
    return notes.keys.sorted().compactMap { notes[$0] }
}

/// Every file on the grading paths under `root`, relative to it, but the student's own.
private func gradingFiles(in root: URL) -> Set<String> {
    let files = FileManager.default
    var found: Set<String> = []
    for path in gradingPaths {
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: root.appending(path: path).path, isDirectory: &isFolder) else {
            continue
        }
        guard isFolder.boolValue else {
            found.insert(path)
            continue
        }
        for case let relative as String in files.enumerator(atPath: root.appending(path: path).path)
            ?? .init()
        {
            let full = path + "/" + relative
            var isInner: ObjCBool = false
            _ = files.fileExists(atPath: root.appending(path: full).path, isDirectory: &isInner)
            if !isInner.boolValue && !full.hasPrefix(studentsOwn)
                && !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            {
                found.insert(full)
            }
        }
    }
    return found
}
