import Foundation

extension Timeline {
    /// The timeline drawn as a plain SVG picture: one block per section, one row per lane, time
    /// running left to right at the measured offsets, a labelled mark per event, and the stable
    /// sequence embedded in `<metadata>` so a test can tell whether the picture is still current.
    ///
    /// Plain on purpose, so that it reads the same in a browser and on GitHub: no scripts, no
    /// stylesheets, no external fonts, an opaque background, text as text.
    public var svg: String {
        TimelineDrawing(timeline: self).svg
    }
}

/// Lays a timeline out on a fixed-width page and writes the SVG elements, top to bottom.
private struct TimelineDrawing {
    static let pageWidth = 960.0
    static let margin = 16.0
    static let characterWidth = 6.7
    static let labelRowHeight = 14.0
    static let markRadius = 5.0

    let timeline: Timeline
    let laneLabelWidth: Double
    var elements: [String] = []
    var y = 0.0

    init(timeline: Timeline) {
        self.timeline = timeline
        let longestLane = timeline.sections.flatMap(\.lanes).map(\.count).max() ?? 0
        laneLabelWidth = min(260, max(110, Double(longestLane) * 7.3 + 24))
    }

    var plotLeft: Double { Self.margin + laneLabelWidth }
    /// The width left for time, keeping room at the right for the last tick's label.
    var plotWidth: Double { Self.pageWidth - plotLeft - Self.margin - 24 }

    var svg: String {
        var drawing = self
        drawing.drawHeader()
        for section in timeline.sections {
            drawing.draw(section)
        }
        drawing.drawFooter()
        let height = (drawing.y + Self.margin).rounded()
        let width = Int(Self.pageWidth)
        let head = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(Int(height))\""
                + " viewBox=\"0 0 \(width) \(Int(height))\""
                + " font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"11\">",
            "<title>\(TimelineXML.escaped(timeline.title)): timeline of a real run</title>",
            "<desc>Each block is one rule of the chapter; each row is a subscriber or the server; time runs"
                + " left to right as measured. Circles happened off the main thread, squares on it.</desc>",
            #"<metadata id="stable-sequence">"# + "\n" + TimelineXML.escaped(timeline.stableSequence)
                + "\n</metadata>",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
        ]
        return (head + drawing.elements + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    // MARK: Header and footer

    mutating func drawHeader() {
        y = Self.margin + 14
        text(
            "\(timeline.title): what happened, and when", x: Self.margin, y: y, size: 15, weight: "bold",
            colour: "#1a202c")
        y += 22
        var x = Self.margin
        for kind in Timeline.Event.Kind.allCases where timeline.events.contains(where: { $0.kind == kind }) {
            mark(colour: kind.colour, onMainThread: false, x: x + Self.markRadius, y: y - 4)
            text(kind.rawValue, x: x + 14, y: y, colour: "#2d3748")
            x += 24 + Double(kind.rawValue.count) * Self.characterWidth
        }
        x += 12
        mark(colour: Timeline.Event.Kind.note.colour, onMainThread: false, x: x + Self.markRadius, y: y - 4)
        text("off the main thread", x: x + 14, y: y, colour: "#2d3748")
        x += 150
        mark(colour: Timeline.Event.Kind.note.colour, onMainThread: true, x: x + Self.markRadius, y: y - 4)
        text("on the main thread", x: x + 14, y: y, colour: "#2d3748")
        y += 10
    }

    mutating func drawFooter() {
        y += 18
        text(
            "Times are one real run's; they vary. Redraw: scripts/draw-timelines", x: Self.margin, y: y,
            colour: "#718096")
    }

    // MARK: Sections

    mutating func draw(_ section: Timeline.Section) {
        y += 30
        text(
            section.title.isEmpty ? "(untitled)" : section.title, x: Self.margin, y: y, size: 13,
            weight: "bold")
        let axis = TimeAxis(longest: section.events.map(\.offset).max() ?? .zero)
        y += 10
        if !section.events.isEmpty {
            drawAxis(axis)
        }
        for lane in section.lanes {
            draw(lane: lane, events: section.events.filter { $0.lane == lane }, axis: axis)
        }
        if section.events.isEmpty {
            y += 22
            text("nothing was recorded during this rule", x: plotLeft, y: y, colour: "#718096")
        }
    }

    mutating func drawAxis(_ axis: TimeAxis) {
        y += 14
        line(x1: plotLeft, y1: y, x2: plotLeft + plotWidth, y2: y, colour: "#a0aec0")
        for tick in axis.ticks {
            let x = plotLeft + tick.fraction * plotWidth
            line(x1: x, y1: y - 4, x2: x, y2: y, colour: "#a0aec0")
            text(tick.label, x: x, y: y - 6, anchor: "middle", colour: "#718096")
        }
    }

    mutating func draw(lane: String, events: [Timeline.Event], axis: TimeAxis) {
        let xs = events.map { plotLeft + axis.fraction(of: $0.offset) * plotWidth }
        let labels = placeLabels(events.map(\.label), at: xs)
        let rows = (labels.map(\.row).max() ?? 0) + 1
        y += 10 + Double(rows) * Self.labelRowHeight
        let baseline = y
        text(lane, x: Self.margin, y: baseline + 4, size: 12, weight: "bold", colour: "#2d3748")
        line(x1: plotLeft, y1: baseline, x2: plotLeft + plotWidth, y2: baseline, colour: "#e2e8f0")
        if let first = xs.min(), let last = xs.max(), last > first {
            line(x1: first, y1: baseline, x2: last, y2: baseline, colour: "#a0aec0", width: 3)
        }
        for (index, event) in events.enumerated() {
            let label = labels[index]
            let labelY = baseline - 9 - Double(label.row) * Self.labelRowHeight
            text(label.text, x: label.x, y: labelY, anchor: label.anchor, colour: event.colour)
            mark(colour: event.colour, onMainThread: event.onMainThread, x: xs[index], y: baseline)
        }
        var hopped = false
        for index in events.indices.dropFirst()
        where events[index].onMainThread != events[index - 1].onMainThread {
            let hop = events[index].onMainThread ? "⇢ hop to main" : "⇢ hop off main"
            text(hop, x: xs[index], y: baseline + 17, anchor: "middle", colour: "#c05621")
            hopped = true
        }
        y += hopped ? 22 : 8
    }

    /// Puts each label in the lowest row where it does not overlap the labels already placed there,
    /// left-aligned at its mark, or right-aligned when it would run off the page.
    ///
    /// Labels are placed from the latest event back, so that where marks crowd together the earlier
    /// events' labels sit higher and the stack reads top to bottom in the order things happened.
    func placeLabels(_ labels: [String], at xs: [Double]) -> [PlacedLabel] {
        var rowStarts: [Double] = []
        var placed = [PlacedLabel?](repeating: nil, count: labels.count)
        for index in xs.indices.reversed().sorted(by: { xs[$0] > xs[$1] }) {
            let width = Double(labels[index].count) * Self.characterWidth
            let fitsRight = xs[index] - 3 + width <= Self.pageWidth - Self.margin
            let start = fitsRight ? xs[index] - 3 : xs[index] + 3 - width
            let row = rowStarts.firstIndex { start + width + 6 <= $0 } ?? rowStarts.count
            if row == rowStarts.count { rowStarts.append(.infinity) }
            rowStarts[row] = start
            placed[index] = PlacedLabel(
                text: labels[index], x: fitsRight ? xs[index] - 3 : xs[index] + 3,
                anchor: fitsRight ? "start" : "end", row: row)
        }
        return placed.map { $0! }
    }

    struct PlacedLabel {
        let text: String
        let x: Double
        let anchor: String
        let row: Int
    }

    // MARK: Elements

    mutating func mark(colour: String, onMainThread: Bool, x: Double, y: Double) {
        let r = Self.markRadius
        if onMainThread {
            element(
                "rect",
                [
                    "x": format(x - r), "y": format(y - r), "width": format(2 * r), "height": format(2 * r),
                    "fill": colour, "stroke": "#1a202c", "stroke-width": "1",
                ])
        } else {
            element(
                "circle",
                [
                    "cx": format(x), "cy": format(y), "r": format(r), "fill": colour, "stroke": "#ffffff",
                    "stroke-width": "1",
                ])
        }
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, colour: String, width: Double = 1
    ) {
        element(
            "line",
            [
                "x1": format(x1), "y1": format(y1), "x2": format(x2), "y2": format(y2), "stroke": colour,
                "stroke-width": format(width),
            ])
    }

    mutating func text(
        _ content: String, x: Double, y: Double, anchor: String = "start", size: Double = 11,
        weight: String = "normal", colour: String = "#1a202c"
    ) {
        element(
            "text",
            [
                "x": format(x), "y": format(y), "text-anchor": anchor, "font-size": format(size),
                "font-weight": weight, "fill": colour,
            ],
            content: content)
    }

    /// Appends one element, its attributes in the order given, its content escaped.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>, content: String? = nil)
    {
        let attributeText = attributes.map { " \($0.key)=\"\(TimelineXML.escaped($0.value))\"" }.joined()
        if let content {
            elements.append("<\(name)\(attributeText)>\(TimelineXML.escaped(content))</\(name)>")
        } else {
            elements.append("<\(name)\(attributeText)/>")
        }
    }

    func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}

/// The time scale of one section: from zero to a round value just past its last event.
private struct TimeAxis {
    struct Tick {
        let fraction: Double
        let label: String
    }

    let end: Double
    let step: Double

    /// An axis in milliseconds whose step is 1, 2 or 5 times a power of ten, about six steps long.
    init(longest: Duration) {
        let longestMilliseconds = max(longest.milliseconds, 0.001)
        let rough = longestMilliseconds / 6
        let power = pow(10, (log10(rough)).rounded(.down))
        step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        end = (longestMilliseconds / step).rounded(.up) * step
    }

    func fraction(of offset: Duration) -> Double {
        min(max(offset.milliseconds / end, 0), 1)
    }

    var ticks: [Tick] {
        let count = Int((end / step).rounded())
        return (0...count).map { index in
            let milliseconds = Double(index) * step
            return Tick(fraction: milliseconds / end, label: Self.label(milliseconds: milliseconds))
        }
    }

    static func label(milliseconds: Double) -> String {
        func trimmed(_ value: Double) -> String {
            String(format: "%g", (value * 1000).rounded() / 1000)
        }
        return milliseconds >= 1000 ? "\(trimmed(milliseconds / 1000)) s" : "\(trimmed(milliseconds)) ms"
    }
}

extension Timeline.Event {
    /// What the picture writes beside the mark: the kind and the detail.
    fileprivate var label: String {
        detail.isEmpty ? kind.rawValue : "\(kind.rawValue) \(detail)"
    }

    /// A completion that was not `finished` is drawn as a failure.
    fileprivate var failed: Bool {
        kind == .completion && detail != "finished"
    }

    fileprivate var colour: String {
        failed ? "#c53030" : kind.colour
    }
}

extension Timeline.Event.Kind {
    fileprivate var colour: String {
        switch self {
        case .subscribe: "#2b6cb0"
        case .request: "#6b46c1"
        case .response: "#b83280"
        case .value: "#2f855a"
        case .completion: "#1a202c"
        case .cancel: "#dd6b20"
        case .retry: "#b7791f"
        case .note: "#718096"
        }
    }
}

extension Duration {
    fileprivate var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
