import Foundation

/// The one font every timeline picture declares, and the metric its layout and its checks share:
/// a monospaced font, so a text's extent follows from its length.
enum TimelineFont {
    static let family = "DejaVu Sans Mono, Menlo, Consolas, monospace"
    /// A character's advance in em, a little over DejaVu Sans Mono's 0.602 and Menlo's 0.602.
    static let advance = 0.61
    /// How far a line's glyphs reach above and below its baseline, in em.
    static let ascent = 0.8
    static let descent = 0.25

    static func width(of text: String, size: Double) -> Double {
        Double(text.count) * size * advance
    }

    /// What a line of text covers, drawn at `x`, `y` (its baseline) with `anchor`.
    static func box(of text: String, x: Double, y: Double, size: Double, anchor: TextAnchor) -> Box {
        box(width: width(of: text, size: size), x: x, y: y, size: size, anchor: anchor)
    }

    static func box(width: Double, x: Double, y: Double, size: Double, anchor: TextAnchor) -> Box {
        let left =
            switch anchor {
            case .start: x
            case .middle: x - width / 2
            case .end: x - width
            }
        return Box(left: left, top: y - size * ascent, right: left + width, bottom: y + size * descent)
    }
}

/// Where a text's `x` is: its start, middle or end, as SVG's `text-anchor` says.
enum TextAnchor: String {
    case start, middle, end
}

/// A rectangle on a picture, in its own coordinates.
public struct Box: Equatable, Sendable {
    /// The x of its left edge.
    public var left: Double
    /// The y of its top edge, y growing downwards as in SVG.
    public var top: Double
    /// The x of its right edge.
    public var right: Double
    /// The y of its bottom edge.
    public var bottom: Double

    /// Whether the two share more than an edge.
    func overlaps(_ other: Box) -> Bool {
        left < other.right && other.left < right && top < other.bottom && other.top < bottom
    }

    var area: Double { (right - left) * (bottom - top) }

    func inside(width: Double, height: Double) -> Bool {
        left >= 0 && top >= 0 && right <= width && bottom <= height
    }
}

/// The elements of a picture as they are drawn, top to bottom, in SVG.
///
/// Every mark and bar is drawn with a `class` that names its legend entry (`mark value off-main`,
/// `bar waiting`, `key value`), so that a check can read the picture back and compare each mark with
/// its legend entry.
struct TimelineCanvas {
    static let textColour = "#1a202c"
    static let quietColour = "#4a5568"
    static let textSize = 16.0
    static let smallSize = 14.0

    let width: Double
    private(set) var elements: [String] = []

    init(width: Double) {
        self.width = width
    }

    mutating func text(
        _ content: String, x: Double, y: Double, anchor: TextAnchor = .start, size: Double = textSize,
        bold: Bool = false, colour: String = textColour, extra: [(String, String)] = []
    ) {
        element(
            "text",
            [
                ("x", format(x)), ("y", format(y)), ("text-anchor", anchor.rawValue),
                ("font-size", format(size)),
                ("font-weight", bold ? "bold" : "normal"), ("fill", colour),
            ] + extra,
            content: TimelineXML.escaped(content))
    }

    /// One line of text in parts of different colours, joined by ` · `, with a white outline so that
    /// nothing behind it crosses out its letters.
    ///
    /// The space after each dot is a shift of the next part rather than a character, because
    /// renderers drop a part's leading space.
    ///
    /// Each part names the positions in its section of the events it stands for (`data-events`, on
    /// the part and, all together, on the line), for the page that reveals them step by step.
    mutating func label(_ parts: [SectionDrawing.LabelPart], x: Double, y: Double, anchor: TextAnchor) {
        func named(_ events: [Int]) -> String {
            events.isEmpty ? "" : " data-events=\"\(events.map(String.init).joined(separator: " "))\""
        }
        let spans = parts.enumerated().map { index, part in
            let shift =
                index == 0 ? "" : " dx=\"\(format(TimelineFont.width(of: " ", size: Self.textSize)))\""
            let text = part.text + (index == parts.count - 1 ? "" : " ·")
            return
                "<tspan\(shift) fill=\"\(part.colour)\"\(named(part.events))>\(TimelineXML.escaped(text))</tspan>"
        }
        elements.append(
            "<text x=\"\(format(x))\" y=\"\(format(y))\" text-anchor=\"\(anchor.rawValue)\"\(named(parts.flatMap(\.events)))"
                + " stroke=\"#ffffff\" stroke-width=\"4\" paint-order=\"stroke\">\(spans.joined())</text>")
    }

    /// The text `parts` make as `label` draws it, for measuring.
    static func labelText(_ parts: [(text: String, colour: String)]) -> String {
        parts.map(\.text).joined(separator: " · ")
    }

    /// A circle; `extra` attributes follow the drawn ones, such as the event a mark stands for.
    mutating func circle(
        x: Double, y: Double, radius: Double, fill: String, stroke: String, kind: String,
        extra: [(String, String)] = []
    ) {
        let drawn = [
            ("class", kind), ("cx", format(x)), ("cy", format(y)), ("r", format(radius)), ("fill", fill),
            ("stroke", stroke), ("stroke-width", "1.5"),
        ]
        element("circle", drawn + extra)
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String, kind: String,
        extra: [(String, String)] = []
    ) {
        let drawn = [
            ("class", kind), ("x", format(x)), ("y", format(y)), ("width", format(width)),
            ("height", format(height)), ("fill", fill), ("stroke", stroke), ("stroke-width", "1.5"),
        ]
        element("rect", drawn + extra)
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, colour: String, width: Double = 1,
        dashes: String? = nil, kind: String? = nil, extra: [(String, String)] = []
    ) {
        var attributes: [(String, String)] = kind.map { [("class", $0)] } ?? []
        attributes += [
            ("x1", format(x1)), ("y1", format(y1)), ("x2", format(x2)), ("y2", format(y2)),
            ("stroke", colour), ("stroke-width", format(width)),
        ]
        if let dashes { attributes.append(("stroke-dasharray", dashes)) }
        element("line", attributes + extra)
    }

    /// A cross of two strokes centred at `x`, `y`.
    mutating func cross(
        x: Double, y: Double, radius r: Double, colour: String, kind: String, extra: [(String, String)] = []
    ) {
        let path =
            "M\(format(x - r)) \(format(y - r))L\(format(x + r)) \(format(y + r))"
            + "M\(format(x - r)) \(format(y + r))L\(format(x + r)) \(format(y - r))"
        element(
            "path",
            [("class", kind), ("d", path), ("stroke", colour), ("stroke-width", "3"), ("fill", "none")]
                + extra)
    }

    /// A filled diamond centred at `x`, `y`, its corners `r` away.
    mutating func diamond(
        x: Double, y: Double, radius r: Double, colour: String, kind: String, extra: [(String, String)] = []
    ) {
        let path =
            "M\(format(x)) \(format(y - r))L\(format(x + r)) \(format(y))L\(format(x)) \(format(y + r))"
            + "L\(format(x - r)) \(format(y))Z"
        element(
            "path",
            [("class", kind), ("d", path), ("stroke", colour), ("stroke-width", "1.5"), ("fill", colour)]
                + extra)
    }

    /// Appends one element with its attributes in the order given; `content` is already escaped.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>, content: String? = nil)
    {
        element(name, attributes.map { ($0.key, $0.value) }, content: content)
    }

    mutating func element(_ name: String, _ attributes: [(String, String)], content: String? = nil) {
        let attributeText = attributes.map { " \($0.0)=\"\(TimelineXML.escaped($0.1))\"" }.joined()
        if let content {
            elements.append("<\(name)\(attributeText)>\(content)</\(name)>")
        } else {
            elements.append("<\(name)\(attributeText)/>")
        }
    }

    /// Appends elements drawn elsewhere, such as a section drawn before the header above it.
    mutating func append(_ other: TimelineCanvas) {
        elements += other.elements
    }

    /// The whole picture: the elements on an opaque background, with a title, a description and
    /// the stable sequence it was drawn from.
    func svg(height: Double, title: String, description: String, stableSequence: String) -> String {
        let width = Int(width)
        let height = Int(height.rounded(.up))
        let head = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
                + " viewBox=\"0 0 \(width) \(height)\""
                + " font-family=\"\(TimelineFont.family)\" font-size=\"\(Int(Self.textSize))\">",
            "<title>\(TimelineXML.escaped(title))</title>",
            "<desc>\(TimelineXML.escaped(description))</desc>",
            #"<metadata id="stable-sequence">"# + "\n" + TimelineXML.escaped(stableSequence)
                + "\n</metadata>",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
        ]
        return (head + elements + ["</svg>"]).joined(separator: "\n") + "\n"
    }
}

/// A coordinate as the picture writes it, to a tenth of a pixel.
func format(_ value: Double) -> String {
    String(format: "%.1f", value)
}
