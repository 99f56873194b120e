import Foundation

/// A folder named on `grade`'s command line: one student's copy, or a folder that Classroom 50's
/// `gh teacher download` wrote, which stands for every student's folder in it.
struct ClassFolder {
    /// The students' folders it stands for, in name order.
    let students: [URL]
    /// What the download said of them, when it is one.
    let download: Classroom50Download?

    init(_ url: URL) {
        if notAWorkbook(url) != nil, let download = Classroom50Download(at: url) {
            (students, self.download) = (download.studentFolders, download)
        } else {
            (students, download) = ([url], nil)
        }
    }
}

/// A folder `gh teacher download` wrote: a clone per student repository, named
/// `<classroom>-<assignment>-<username>`, beside `scores.csv`, whose columns begin with `username`
/// and hold `score` and `max_score`, one row per submission with the newest first.
struct Classroom50Download {
    let studentFolders: [URL]
    /// Each student folder's path, as `grade` names it, with its username and recorded score.
    private let scores: [String: (username: String, score: String)]

    /// The download at `folder`; nil when `folder` holds no such `scores.csv`.
    init?(at folder: URL) {
        guard let text = try? String(contentsOf: folder.appending(path: "scores.csv"), encoding: .utf8) else {
            return nil
        }
        let rows = csvRows(text)
        guard let header = rows.first, let user = header.firstIndex(of: "username"),
            let score = header.firstIndex(of: "score"), let maximum = header.firstIndex(of: "max_score")
        else { return nil }
        var newest: [String: String] = [:]
        for row in rows.dropFirst() where row.indices.contains(max(user, score, maximum)) {
            let name = row[user].lowercased()
            guard !name.isEmpty, newest[name] == nil else { continue }
            newest[name] = row[score].isEmpty ? "not submitted" : "\(row[score]) of \(row[maximum])"
        }
        let entries =
            (try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: .skipsHiddenFiles)) ?? []
        studentFolders = entries.filter {
            (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
        }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
        var scores: [String: (String, String)] = [:]
        for student in studentFolders {
            // The longest username the folder's name ends with, after the `-` of its prefix.
            let name = student.lastPathComponent.lowercased()
            let username = newest.keys.filter { name == $0 || name.hasSuffix("-" + $0) }.max {
                $0.count < $1.count
            }
            scores[student.relativePath] = username.map { ($0, newest[$0] ?? "") } ?? ("", "")
        }
        self.scores = scores
    }

    /// The username and Classroom 50 score cells for the student folder `grade` named `path`.
    func row(forStudentFolder path: String) -> [String]? {
        scores[path].map { [$0.username, $0.score] }
    }
}

/// The rows of CSV text, each a list of fields: quoted fields may hold commas, quotes (doubled) and
/// line breaks. A leading `'`, which Classroom 50 puts before a cell that a spreadsheet would read
/// as a formula, is taken off.
func csvRows(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var characters = text.makeIterator()
    var pending = characters.next()
    while let character = pending {
        pending = characters.next()
        if quoted {
            if character == "\"" {
                if pending == "\"" {
                    field.append("\"")
                    pending = characters.next()
                } else {
                    quoted = false
                }
            } else {
                field.append(character)
            }
            continue
        }
        switch character {
        case "\"": quoted = true
        case ",":
            row.append(field)
            field = ""
        case "\n", "\r\n", "\r":
            row.append(field)
            rows.append(row)
            (row, field) = ([], "")
        default: field.append(character)
        }
    }
    if !field.isEmpty || !row.isEmpty {
        row.append(field)
        rows.append(row)
    }
    return rows.map { $0.map { $0.hasPrefix("'") ? String($0.dropFirst()) : $0 } }
}
