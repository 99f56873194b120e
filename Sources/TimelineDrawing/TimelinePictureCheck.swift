import Foundation
import Quantities
import Timelines

/// What is wrong with the layout of a timeline picture, read back from its SVG: text over text or
/// over a mark, anything outside the canvas, a mark the legend does not explain or a legend entry
/// with nothing drawn, a mark that does not look like its legend entry says, a mark mostly hidden
/// under another, a label far from its mark, labels stacked out of time order, text cut short with
/// "…", a completion drawn or recorded without saying whether it finished, a number of events
/// drawn other than the run's, a mark drawn left of one that happened before it, a mark drawn
/// on another thread than the run recorded its event on, and a child process drawn with nothing
/// it did between its launch and its ending.
///
/// It measures text with the metric of the font the pictures declare (`TimelineFont`), so it
/// catches what a reader would see at that font, and it trusts nothing else the drawing knows.
public func timelinePictureProblems(_ svg: String) -> [String] {
    let picture = DrawnPicture(svg)
    var problems: [String] = []
    let texts = picture.texts
    let shapes = picture.shapes
    for (index, text) in texts.enumerated() {
        for other in texts[(index + 1)...] where text.box.overlaps(other.box, by: 0.5) {
            problems.append("text '\(text.content)' overlaps text '\(other.content)'")
        }
        for shape in shapes where text.box.overlaps(shape.box, by: 0.5) {
            problems.append("text '\(text.content)' overlaps \(shape.role) \(shape.entry)")
        }
    }
    for text in texts where !text.box.inside(width: picture.width, height: picture.height) {
        problems.append("text '\(text.content)' leaves the canvas")
    }
    for shape in shapes where !shape.box.inside(width: picture.width, height: picture.height) {
        problems.append("\(shape.role) \(shape.entry) leaves the canvas")
    }
    let keys = Dictionary(shapes.filter { $0.role == "key" }.map { ($0.entry, $0) }) { first, _ in first }
    let drawn = shapes.filter { $0.role != "key" }
    let explained = Set(drawn.map(\.entry) + drawn.compactMap(\.thread))
    for missing in explained.subtracting(keys.keys).sorted() {
        problems.append("the legend does not explain \(missing)")
    }
    for unused in Set(keys.keys).subtracting(explained).sorted() {
        problems.append("the legend explains \(unused), which is not drawn")
    }
    for shape in drawn {
        if let key = keys[shape.entry], !shape.looksLike(key, threadKey: shape.thread.flatMap { keys[$0] }) {
            problems.append("a \(shape.role) \(shape.entry) does not look like its legend entry")
        }
    }
    problems += hiddenMarkProblems(drawn.filter { $0.role == "mark" && $0.entry != "hop" })
    problems += labelDistanceProblems(texts, drawn)
    problems += stackingProblems(texts, drawn)
    problems += texts.filter { $0.content.contains("…") }.map { "text '\($0.content)' is cut short" }
    problems += eventCountProblems(svg, drawn)
    problems += timeOrderProblems(drawn)
    problems += threadProblems(drawn)
    problems += childProcessProblems(drawn)
    return Array(Set(problems)).sorted()
}

/// A section that draws a child process ending and, besides the server's marks, nothing but its
/// launch: what the child did, where its rule happens, is left out of the picture.
private func childProcessProblems(_ shapes: [DrawnPicture.Shape]) -> [String] {
    let atTheServer: Set = ["request", "response", "hangUp", "cancel"]
    let marks = shapes.filter { $0.role == "mark" }
    let sections = Dictionary(grouping: marks) { $0.attributes["data-section"] ?? "" }
    return sections.compactMap { section, marks in
        guard marks.contains(where: { $0.entry == "exited" }) else { return nil }
        let child = marks.filter { !atTheServer.contains($0.entry) && $0.entry != "exited" }
        guard child.count <= 1, child.allSatisfy({ $0.entry == "action" }) else { return nil }
        return "section \(section) draws a child process's launch and ending, and nothing the child did"
    }
}

/// A mark drawn left of one, on any row of its section, whose event the run recorded before its
/// own (`data-at`): a reader takes left for earlier.
private func timeOrderProblems(_ shapes: [DrawnPicture.Shape]) -> [String] {
    let marks = shapes.compactMap { shape -> (shape: DrawnPicture.Shape, section: String, at: Double)? in
        guard shape.role == "mark", let section = shape.attributes["data-section"],
            let at = shape.attributes["data-at"].flatMap(Double.init)
        else { return nil }
        return (shape, section, at)
    }
    return Dictionary(grouping: marks, by: \.section).values.flatMap { section in
        // The rightmost mark of those that happened strictly before the time being looked at.
        var rightmost: (shape: DrawnPicture.Shape, section: String, at: Double)?
        return Dictionary(grouping: section, by: \.at).sorted { $0.key < $1.key }.flatMap { _, sameTime in
            let problems = sameTime.compactMap { mark -> String? in
                guard let earlier = rightmost, mark.shape.timeX < earlier.shape.timeX - 0.5 else {
                    return nil
                }
                return "a mark \(mark.shape.entry) of \(mark.at) ms is drawn left of a mark "
                    + "\(earlier.shape.entry) of \(earlier.at) ms, which happened before it"
            }
            for mark in sameTime where rightmost.map({ mark.shape.timeX > $0.shape.timeX }) ?? true {
                rightmost = mark
            }
            return problems
        }
    }
}

/// A mark whose shape says another thread than the one the run recorded its event on
/// (`data-thread`).
private func threadProblems(_ shapes: [DrawnPicture.Shape]) -> [String] {
    shapes.compactMap { shape in
        guard shape.role == "mark", let drawn = shape.thread, let recorded = shape.attributes["data-thread"],
            drawn != (recorded == "main" ? "onMain" : "offMain")
        else { return nil }
        return
            "a mark \(shape.entry) is drawn \(drawn) but was recorded \(recorded == "main" ? "on" : "off") "
            + "the main thread"
    }
}

/// A mark more than half of which lies under another.
private func hiddenMarkProblems(_ marks: [DrawnPicture.Shape]) -> [String] {
    marks.enumerated().flatMap { index, mark in
        marks[(index + 1)...].compactMap { other -> String? in
            let width = min(mark.box.right, other.box.right) - max(mark.box.left, other.box.left)
            let height = min(mark.box.bottom, other.box.bottom) - max(mark.box.top, other.box.top)
            let smaller = min(mark.box.area, other.box.area)
            guard width > 0, height > 0, width * height > smaller / 2 else { return nil }
            return "a mark \(mark.entry) is hidden under a mark \(other.entry)"
        }
    }
}

/// How far a label may be from its mark: across, beyond the ends of its text; up, the six lines of
/// labels the most crowded row stacks, a stage that a retry subscribes to three times (each
/// subscribe shares its label with the demand it made at once, `SectionDrawing.labelGroups`): the
/// sixth line's text ends 105 px above the top of a mark, a seventh's 125.25 px.
let labelReach = (across: 12.0, up: 125.0)

/// A label that names events (`data-events`) none of whose marks or bars below it lies within
/// `labelReach` of it.
private func labelDistanceProblems(_ texts: [DrawnPicture.Text], _ shapes: [DrawnPicture.Shape]) -> [String] {
    func names(_ shape: DrawnPicture.Shape, _ event: Int) -> Bool {
        ["data-event", "data-events", "data-from"].contains { name in
            shape.attributes[name]?.split(separator: " ").contains(Substring(String(event))) ?? false
        }
    }
    return texts.compactMap { text -> String? in
        let distances = text.events.flatMap { event in
            shapes.filter { names($0, event) && $0.box.top >= text.box.bottom - 1 }.map { mark in
                (
                    across: max(text.box.left - mark.box.right, mark.box.left - text.box.right, 0),
                    up: mark.box.top - text.box.bottom
                )
            }
        }
        guard let nearest = distances.min(by: { $0.across + $0.up < $1.across + $1.up }),
            nearest.across > labelReach.across || nearest.up > labelReach.up
        else { return nil }
        return
            "label '\(text.content)' is \(Int(nearest.across)) px across and \(Int(nearest.up)) px up from its mark"
    }
}

/// Two labels of one row that run into each other across, stacked with the later above the
/// earlier: a reader takes a stack top to bottom as the order things happened. A label's row is
/// the nearest below it of the marks and bars it names (events are numbered section by section),
/// and its place in time the leftmost of them on that row.
private func stackingProblems(_ texts: [DrawnPicture.Text], _ shapes: [DrawnPicture.Shape]) -> [String] {
    let labels = texts.compactMap { text -> (text: DrawnPicture.Text, x: Double, row: Double)? in
        let named = shapes.filter { shape in
            shape.box.top >= text.box.bottom - 1
                && (shape.attributes["data-event"].flatMap(Int.init).map(text.events.contains) ?? false)
        }
        guard let nearest = named.min(by: { $0.box.top < $1.box.top }) else { return nil }
        let row = (nearest.box.top + nearest.box.bottom) / 2
        let onRow = named.filter { abs(($0.box.top + $0.box.bottom) / 2 - row) < 1 }
        return (text, onRow.map(\.timeX).min() ?? nearest.timeX, row)
    }
    return labels.flatMap { earlier in
        labels.compactMap { later -> String? in
            guard abs(earlier.row - later.row) < 1, later.x > earlier.x + 0.5,
                earlier.text.box.left < later.text.box.right, later.text.box.left < earlier.text.box.right,
                later.text.box.top < earlier.text.box.top
            else { return nil }
            return "label '\(later.text.content)' is stacked above the earlier '\(earlier.text.content)'"
        }
    }
}

/// What the picture draws against the run it embeds: one element for each event the stable
/// sequence lists (a mark, or a wait's bar, or counted in a row of repeats), and no completion
/// that does not say how it ended.
private func eventCountProblems(_ svg: String, _ shapes: [DrawnPicture.Shape]) -> [String] {
    guard let sequence = Timeline.stableSequence(inSVG: svg) else { return [] }
    let events = sequence.split(separator: "\n").filter { $0.hasPrefix("    ") }
    let drawn =
        shapes.filter { $0.attributes["data-event"] != nil }.count
        + shapes.compactMap { $0.attributes["data-repeats"] }.map { $0.split(separator: " ").count }.reduce(
            0, +)
    var problems: [String] = []
    if drawn != events.count {
        problems.append("draws \(drawn) events, and the run recorded \(events.count)")
    }
    let unsaid = events.filter { $0.hasPrefix("    completion (") }.count
    if unsaid > 0 {
        problems.append(
            "\(counted(unsaid, "completion")) recorded without saying whether it finished or failed")
    }
    return problems
}

extension Box {
    /// Whether the two overlap by more than `tolerance` both ways.
    fileprivate func overlaps(_ other: Box, by tolerance: Double) -> Bool {
        min(right, other.right) - max(left, other.left) > tolerance
            && min(bottom, other.bottom) - max(top, other.top) > tolerance
    }
}

/// The parts of a picture the check needs, read from the SVG text the pictures are written as:
/// one element a line.
private struct DrawnPicture {
    struct Text {
        let content: String
        let box: Box
        /// The events the text names, for a label.
        var events: [Int] = []
    }

    /// A mark, a bar or a legend key: `role` is `mark`, `bar` or `key`; `entry` its legend entry;
    /// `thread` the legend entry of its shape, for a mark that has one.
    struct Shape {
        let role: String
        let entry: String
        let thread: String?
        let element: String
        let attributes: [String: String]
        let box: Box

        /// Where on the time axis it stands: a mark's centre, a bar's start.
        var timeX: Double {
            element == "line"
                ? min(Double(attributes["x1"] ?? "") ?? 0, Double(attributes["x2"] ?? "") ?? 0)
                : (box.left + box.right) / 2
        }

        /// Drawn with the same colour (and, for a bar, the same stroke), and the shape its thread's
        /// legend entry has.
        func looksLike(_ key: Shape, threadKey: Shape?) -> Bool {
            let paint =
                role == "bar"
                ? ["stroke", "stroke-width", "stroke-dasharray"] : element == "path" ? ["stroke"] : ["fill"]
            let sameColour = paint.allSatisfy { attributes[$0] == key.attributes[$0] }
            let shapeKey = threadKey ?? key
            let sameShape = role == "bar" || element == shapeKey.element
            return sameColour && sameShape
        }
    }

    let width: Double
    let height: Double
    var texts: [Text] = []
    var shapes: [Shape] = []

    init(_ svg: String) {
        let lines = svg.split(separator: "\n").map(String.init)
        let root = lines.first { $0.hasPrefix("<svg") }.map(Self.attributes) ?? [:]
        width = Double(root["width"] ?? "") ?? 0
        height = Double(root["height"] ?? "") ?? 0
        let defaultSize = Double(root["font-size"] ?? "") ?? 16
        for line in lines {
            let attributes = Self.attributes(line)
            if line.hasPrefix("<text") {
                texts.append(Self.text(line, attributes, defaultSize: defaultSize))
            } else if let kind = attributes["class"]?.split(separator: " ").map(String.init), kind.count >= 2,
                let element = line.dropFirst().split(separator: " ").first.map(String.init)
            {
                shapes.append(
                    Shape(
                        role: kind[0], entry: kind[1], thread: kind.count > 2 ? kind[2] : nil,
                        element: element,
                        attributes: attributes, box: Self.box(of: element, attributes)))
            }
        }
    }

    /// The attributes of the line's first tag, read by hand: a picture has thousands, and a scan
    /// is many times quicker than a regular expression.
    static func attributes(_ line: some StringProtocol) -> [String: String] {
        let bytes = Array(line.utf8.prefix { $0 != UInt8(ascii: ">") })
        var attributes: [String: String] = [:]
        var index = 0
        while let equals = bytes[index...].firstIndex(of: UInt8(ascii: "=")), equals + 1 < bytes.count,
            bytes[equals + 1] == UInt8(ascii: "\""),
            let close = bytes[(equals + 2)...].firstIndex(of: UInt8(ascii: "\""))
        {
            let nameStart = bytes[..<equals].lastIndex(of: UInt8(ascii: " ")).map { $0 + 1 } ?? 0
            attributes[String(decoding: bytes[nameStart..<equals], as: UTF8.self)] = String(
                decoding: bytes[(equals + 2)..<close], as: UTF8.self)
            index = close + 1
        }
        return attributes
    }

    /// A text line, its content and extent: each `<tspan>`'s text with its `dx` shift.
    static func text(_ line: String, _ attributes: [String: String], defaultSize: Double) -> Text {
        let size = Double(attributes["font-size"] ?? "") ?? defaultSize
        var inner = line.drop { $0 != ">" }.dropFirst()
        if inner.hasSuffix("</text>") { inner = inner.dropLast("</text>".count) }
        var content = ""
        var width = 0.0
        if inner.contains("<tspan") {
            for span in inner.components(separatedBy: "</tspan>") where span.hasPrefix("<tspan") {
                let part = TimelineXML.unescaped(String(span.drop { $0 != ">" }.dropFirst()))
                let shift = Self.attributes(span)["dx"].flatMap(Double.init)
                content += (shift == nil ? "" : " ") + part
                width += (shift ?? 0) + TimelineFont.width(of: part, size: size)
            }
        } else {
            content = TimelineXML.unescaped(String(inner))
            width = TimelineFont.width(of: content, size: size)
        }
        let anchor = TextAnchor(rawValue: attributes["text-anchor"] ?? "start") ?? .start
        let box = TimelineFont.box(
            width: width, x: Double(attributes["x"] ?? "") ?? 0, y: Double(attributes["y"] ?? "") ?? 0,
            size: size,
            anchor: anchor)
        let events = (attributes["data-events"] ?? "").split(separator: " ").compactMap { Int($0) }
        return Text(content: content, box: box, events: events)
    }

    static func box(of element: String, _ attributes: [String: String]) -> Box {
        func number(_ name: String) -> Double { Double(attributes[name] ?? "") ?? 0 }
        let stroke = number("stroke-width") / 2
        switch element {
        case "circle":
            let r = number("r") + stroke
            return Box(
                left: number("cx") - r, top: number("cy") - r, right: number("cx") + r,
                bottom: number("cy") + r)
        case "rect":
            return Box(
                left: number("x") - stroke, top: number("y") - stroke,
                right: number("x") + number("width") + stroke,
                bottom: number("y") + number("height") + stroke)
        case "line":
            return Box(
                left: min(number("x1"), number("x2")) - stroke, top: min(number("y1"), number("y2")) - stroke,
                right: max(number("x1"), number("x2")) + stroke,
                bottom: max(number("y1"), number("y2")) + stroke)
        default:
            let values = (attributes["d"] ?? "").split { !($0.isNumber || $0 == "." || $0 == "-") }.compactMap
            {
                Double($0)
            }
            let xs = stride(from: 0, to: values.count, by: 2).map { values[$0] }
            let ys = stride(from: 1, to: values.count, by: 2).map { values[$0] }
            return Box(
                left: (xs.min() ?? 0) - stroke, top: (ys.min() ?? 0) - stroke,
                right: (xs.max() ?? 0) + stroke,
                bottom: (ys.max() ?? 0) + stroke)
        }
    }
}
