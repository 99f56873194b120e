import CheckProcesses
import ExerciseCatalog
import Foundation

/// What `grade` has done so far, kept in the grading workspace's build folder so that a grading
/// stopped part-way (a student's code that killed the grader, a closed laptop) goes on where it
/// stopped: a student already graded keeps their row, and a student whose grading was under way
/// when it stopped is not graded again, since their code may be what stopped it.
///
/// An entry holds only while both sides are as they were: the student's exercise files, and the
/// workspace's own files (the teacher's checks); `grade --again` starts afresh.
struct GradingJournal {
    /// One student's entry: what their grading came to, or nil while it was under way.
    struct Entry: Codable {
        let key: String
        let grade: StudentGrade?
    }

    let file: URL
    private(set) var entries: [String: Entry]

    /// The journal in `file`, empty when there is none or it cannot be read.
    init(file: URL) {
        self.file = file
        let data = (try? Data(contentsOf: file)) ?? Data()
        entries = (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }

    /// What an earlier run left of the student in `folder`, whose files and workspace make `key`.
    func earlier(_ folder: URL, key: String) -> Entry? {
        entries[folder.standardizedFileURL.path].flatMap { $0.key == key ? $0 : nil }
    }

    /// Notes that `folder`'s grading starts, or, with `grade`, how it ended, and saves at once.
    mutating func record(_ folder: URL, key: String, grade: StudentGrade?) {
        entries[folder.standardizedFileURL.path] = Entry(key: key, grade: grade)
        if let data = try? JSONEncoder().encode(entries) {
            try? FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: file, options: .atomic)
        }
    }

    /// Forgets every entry, so that this run grades every folder afresh.
    mutating func forgetAll() {
        entries = [:]
        try? FileManager.default.removeItem(at: file)
    }

    /// What makes a grading of `folder` in `workspace` the same as an earlier one: each exercise's
    /// file of the student's (its bytes, or its absence) and the newest change among the
    /// workspace's files but the exercises, which `GradingWorkspace.prepare` rewrites only when the
    /// teacher's package changed.
    static func key(for folder: URL, in workspace: URL, exercises: [Exercise]) -> String {
        var hash = FNV1a()
        for exercise in exercises {
            let theirs = exerciseFile(of: exercise, in: folder).flatMap { try? Data(contentsOf: $0) }
            hash.add(Data(exercise.file.utf8))
            hash.add(theirs ?? Data("missing".utf8))
        }
        var newest = Date.distantPast
        var count = 0
        let skipped = [".build", ".workbook", "Sources/Exercises"].map {
            workspace.appending(path: $0).standardizedFileURL.path
        }
        let walker = FileManager.default.enumerator(
            at: workspace, includingPropertiesForKeys: [.contentModificationDateKey])
        while let url = walker?.nextObject() as? URL {
            guard !skipped.contains(url.standardizedFileURL.path) else {
                walker?.skipDescendants()
                continue
            }
            count += 1
            let modified = try? url.resourceValues(forKeys: [.contentModificationDateKey])
                .contentModificationDate
            newest = max(newest, modified ?? .distantPast)
        }
        return "\(hash.value) \(count) \(newest.timeIntervalSince1970)"
    }
}

/// The 64-bit FNV-1a hash: enough to tell changed files apart in a teacher's own journal, where no
/// one chooses the bytes to collide.
private struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ data: Data) {
        for byte in data {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }
}
