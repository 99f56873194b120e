import Foundation
import Timelines

/// Where `--timeline` draws a run, and in which form, read from the file's extension.
public struct TimelineDestination: Equatable {
    enum Format: String, Equatable {
        /// A still picture, as the docs show.
        case svg
        /// A page to step through in a browser.
        case html
    }

    /// The file to write, as given after `--timeline`.
    public let path: String
    let format: Format

    /// Nil when the extension is neither `.svg` nor `.html`: a picture is never written under a
    /// name that promises another format.
    public init?(path: String) {
        guard let format = Format(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased()) else {
            return nil
        }
        self.path = path
        self.format = format
    }

    /// The file's absolute path, as the chapter reports where it wrote it.
    public var absolutePath: String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Why the file cannot be written, in one line, before the run begins: a folder that does not
    /// exist (it is never created, so a typo does not leave folders behind), or a path that names
    /// a folder. Nil when it can be written.
    public func problem(fileManager: FileManager = .default) -> String? {
        if let problem = Self.folderProblem(path, fileManager: fileManager) {
            return problem
        }
        var isFolder: ObjCBool = false
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard fileManager.fileExists(atPath: folder, isDirectory: &isFolder) else {
            return "--timeline \(path): there is no folder \(folder) to write it in"
        }
        return isFolder.boolValue ? nil : "--timeline \(path): \(folder) is a file, not a folder"
    }

    /// Says so when `path` names a folder, whatever its name.
    public static func folderProblem(_ path: String, fileManager: FileManager = .default) -> String? {
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return nil
        }
        let format = Format(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased()) ?? .svg
        return "--timeline \(path): that is a folder; name the file to write in it, such as "
            + URL(fileURLWithPath: path).appending(path: "timeline.\(format.rawValue)").path
    }

    /// Draws `timeline` in this destination's format and writes it, replacing the file.
    public func write(_ timeline: Timeline) throws {
        let text =
            switch format {
            case .svg: timeline.svg
            case .html: timeline.html
            }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

extension Timeline {
    /// The stable sequence a picture was drawn from, read back from its `<metadata>`; nil when the
    /// text is not such a picture.
    public static func stableSequence(inSVG svg: String) -> String? {
        guard let open = svg.range(of: #"<metadata id="stable-sequence">"#),
            let close = svg.range(of: "</metadata>", range: open.upperBound..<svg.endIndex)
        else { return nil }
        let embedded = svg[open.upperBound..<close.lowerBound].trimmingCharacters(in: .newlines)
        return TimelineXML.unescaped(embedded)
    }
}

/// The few XML escapes the picture's text needs, both ways, each in one pass over the text: a
/// picture escapes thousands of strings, most with nothing to escape.
enum TimelineXML {
    private static let entities: [(character: Character, entity: String)] = [
        ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"),
    ]

    static func escaped(_ text: String) -> String {
        guard text.contains(where: { character in entities.contains { $0.character == character } }) else {
            return text
        }
        return text.reduce(into: "") { escaped, character in
            if let entity = entities.first(where: { $0.character == character })?.entity {
                escaped += entity
            } else {
                escaped.append(character)
            }
        }
    }

    static func unescaped(_ text: String) -> String {
        var unescaped = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            unescaped += rest[..<ampersand]
            rest = rest[ampersand...]
            let match = entities.first { rest.hasPrefix($0.entity) }
            unescaped.append(match?.character ?? "&")
            rest = rest.dropFirst(match?.entity.count ?? 1)
        }
        return unescaped + rest
    }
}

extension RulePicture {
    /// Why the rules' pictures cannot be drawn in `folder`, in one line; nil when they can.
    public static func folderProblem(_ folder: String, fileManager: FileManager = .default) -> String? {
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: folder, isDirectory: &isFolder) else {
            return "--rule-pictures \(folder): there is no such folder"
        }
        return isFolder.boolValue ? nil : "--rule-pictures \(folder): that is a file, not a folder"
    }

    /// Writes each picture into `folder` as `<name>.svg`, replacing what was there.
    public static func write(_ pictures: [RulePicture], into folder: String) throws {
        for picture in pictures {
            let file = URL(fileURLWithPath: folder).appending(path: picture.name + ".svg")
            try Data(picture.svg.utf8).write(to: file, options: .atomic)
        }
    }
}
