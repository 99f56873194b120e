import Foundation

extension Timeline {
    /// The timeline drawn as a plain SVG picture: one block per section with its own time axis, a
    /// row per subscriber lane and per request at the server, dotted links from each request to the
    /// lane that sent it, a legend of exactly the marks drawn, and the stable sequence embedded in
    /// `<metadata>` so a test can tell whether the picture is still current.
    ///
    /// Plain on purpose, so that it reads the same in a browser and on GitHub: no scripts, no
    /// stylesheets, no external fonts, an opaque background, text as text. Its text is sized to stay
    /// readable when the picture is projected in a classroom or shrunk to a page's width.
    public var svg: String {
        TimelineDrawing(timeline: self).svg
    }
}

/// Lays a timeline out on a fixed-width page and writes the SVG elements, top to bottom.
///
/// The sections are drawn first, collecting which kinds of mark they used, so that the legend
/// above them lists exactly those.
private struct TimelineDrawing {
    static let pageWidth = 1200.0
    static let margin = 24.0
    static let textSize = 16.0
    static let smallSize = 14.0
    static let labelRowHeight = 21.0
    static let markRadius = 7.0
    static let textColour = "#1a202c"
    static let quietColour = "#4a5568"

    /// The width of `text` in the monospaced font, a little over DejaVu Sans Mono's 0.6 em.
    static func width(of text: String, size: Double = textSize) -> Double {
        Double(text.count) * size * 0.61
    }

    let timeline: Timeline
    let layouts: [(section: Timeline.Section, layout: SectionLayout)]
    let titleColumnWidth: Double
    var elements: [String] = []
    var used = Set<LegendEntry>()
    var y = 0.0

    init(timeline: Timeline) {
        self.timeline = timeline
        layouts = timeline.sections.map { ($0, SectionLayout($0)) }
        let titles = layouts.flatMap(\.layout.rows).flatMap { row in
            [
                Self.width(of: row.title) + 8,
                row.sender.map { Self.width(of: "from \($0.lane)", size: Self.smallSize) } ?? 0,
            ]
        }
        titleColumnWidth = min(300, max(120, (titles.max() ?? 0) + 16))
    }

    var plotLeft: Double { Self.margin + titleColumnWidth }
    /// The width left for time, keeping room at the right for the last tick's label.
    var plotWidth: Double { Self.pageWidth - plotLeft - Self.margin - 30 }

    var svg: String {
        var sections = self
        for (section, layout) in layouts {
            sections.draw(section, layout)
        }
        sections.y += 34
        sections.text(
            "Times are from one real run and vary from run to run. Redraw this picture: scripts/draw-timelines \(timeline.title)",
            x: Self.margin, y: sections.y, size: Self.smallSize, colour: Self.quietColour)
        var header = self
        header.used = sections.used
        header.drawHeader()
        let height = (header.y + sections.y + Self.margin).rounded()
        let width = Int(Self.pageWidth)
        let head = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(Int(height))\""
                + " viewBox=\"0 0 \(width) \(Int(height))\""
                + " font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"\(Int(Self.textSize))\">",
            "<title>\(TimelineXML.escaped(timeline.title)): timeline of a real run</title>",
            "<desc>Each block is one rule of the chapter, with its own time scale; each row is a subscriber,"
                + " or one request at the server, linked to the subscriber that sent it; time runs left to"
                + " right as measured.</desc>",
            #"<metadata id="stable-sequence">"# + "\n" + TimelineXML.escaped(timeline.stableSequence)
                + "\n</metadata>",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
        ]
        let body = ["<g transform=\"translate(0,\(format(header.y)))\">"] + sections.elements + ["</g>"]
        return (head + header.elements + body + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    // MARK: Header

    /// The title, how to read the picture, and the legend of what the sections drew.
    mutating func drawHeader() {
        y = Self.margin + 20
        text("\(timeline.title): what happened, and when", x: Self.margin, y: y, size: 24, weight: "bold")
        for line in [
            "Each rule below has its own time scale, counted from the moment the rule began.",
            "A dotted line ties each request at the server to the subscriber that sent it. The gap before",
            "a request arrives is URLSession preparing and sending it; the request's row says how long.",
        ] {
            y += 24
            text(line, x: Self.margin, y: y, colour: Self.quietColour)
        }
        y += 38
        var x = Self.margin
        for entry in LegendEntry.allCases where used.contains(entry) {
            let width = 34 + Self.width(of: entry.meaning)
            if x + width > Self.pageWidth - Self.margin {
                x = Self.margin
                y += 26
            }
            entry.drawSymbol(in: &self, x: x + 10, y: y - 5)
            text(entry.meaning, x: x + 26, y: y)
            x += width + 18
        }
        y += 14
    }

    // MARK: Sections

    mutating func draw(_ section: Timeline.Section, _ layout: SectionLayout) {
        y += 46
        text(
            section.title.isEmpty ? "(untitled)" : section.title, x: Self.margin, y: y, size: 19,
            weight: "bold")
        guard !section.events.isEmpty else {
            y += 30
            text("nothing was recorded during this rule", x: plotLeft, y: y, colour: Self.quietColour)
            return
        }
        let axis = TimeAxis(longest: section.events.map(\.offset).max() ?? .zero)
        text(
            "its own scale: 0 to \(TimeAxis.label(milliseconds: axis.end))", x: Self.pageWidth - Self.margin,
            y: y, anchor: "end", size: Self.smallSize, colour: Self.quietColour)
        y += 30
        drawAxis(axis)
        var baselines: [String: Double] = [:]
        var rowsDrawn: [(row: SectionLayout.Row, baseline: Double)] = []
        // The links go under the rows' marks and labels, yet need the rows' places: the rows are
        // drawn aside first and put back after the links.
        var deferred: [String] = []
        swap(&elements, &deferred)
        for row in layout.rows {
            let baseline = draw(row, axis: axis)
            if !row.isRequest { baselines[row.title] = baseline }
            rowsDrawn.append((row, baseline))
        }
        swap(&elements, &deferred)
        for (row, baseline) in rowsDrawn {
            guard let sender = row.sender, let senderBaseline = baselines[sender.lane] else { continue }
            link(from: sender.sent, senderBaseline, to: row.marks[0], baseline, axis: axis)
            if let heard = sender.heard, let answer = row.marks.last {
                link(from: answer, baseline, to: heard, senderBaseline, axis: axis)
            }
        }
        elements += deferred
    }

    mutating func drawAxis(_ axis: TimeAxis) {
        line(x1: plotLeft, y1: y, x2: plotLeft + plotWidth, y2: y, colour: "#a0aec0")
        for tick in axis.ticks {
            let x = plotLeft + tick.fraction * plotWidth
            line(x1: x, y1: y - 5, x2: x, y2: y, colour: "#a0aec0")
            text(tick.label, x: x, y: y - 8, anchor: "middle", size: Self.smallSize, colour: Self.quietColour)
        }
    }

    func x(of mark: SectionLayout.Mark, _ axis: TimeAxis) -> Double {
        plotLeft + axis.fraction(of: mark.event.offset) * plotWidth
    }

    /// Draws one row below the last and returns its baseline: the title at the left, the bar for
    /// how long it waited or worked, and each mark with its label above it.
    mutating func draw(_ row: SectionLayout.Row, axis: TimeAxis) -> Double {
        let groups = labelGroups(row.marks, axis)
        let labels = placeLabels(groups, axis)
        let labelRows = (labels.map(\.row).max() ?? 0) + 1
        y += 12 + Double(labelRows) * Self.labelRowHeight
        let baseline = y
        text(row.title, x: Self.margin, y: baseline + 5, weight: "bold")
        line(x1: plotLeft, y1: baseline, x2: plotLeft + plotWidth, y2: baseline, colour: "#edf2f7")
        drawBar(of: row, baseline: baseline, axis: axis)
        for (group, label) in zip(groups, labels) {
            let labelY = baseline - 13 - Double(label.row) * Self.labelRowHeight
            self.label(group.map(\.event), x: label.x, y: labelY, anchor: label.anchor)
        }
        for mark in row.marks {
            self.mark(mark.event, x: x(of: mark, axis), y: baseline)
        }
        var below = row.isRequest ? 24.0 : 0
        if let sender = row.sender {
            text(
                "from \(sender.lane)", x: Self.margin, y: baseline + 24, size: Self.smallSize,
                colour: Self.quietColour)
            let transit = row.marks[0].event.offset - sender.sent.event.offset
            let note = "arrives \(TimeAxis.rounded(transit)) after \(sender.sent.event.kind.rawValue)"
            let noteWidth = Self.width(of: note, size: Self.smallSize)
            let arrivalX = x(of: row.marks[0], axis)
            // Before the arrival when it fits between the link's ends, else after it.
            if arrivalX - noteWidth - 12 > x(of: sender.sent, axis) {
                text(
                    note, x: arrivalX - 12, y: baseline + 24, anchor: "end", size: Self.smallSize,
                    colour: LegendEntry.request.colour)
            } else if arrivalX + 12 + noteWidth < Self.pageWidth - Self.margin {
                text(
                    note, x: arrivalX + 12, y: baseline + 24, size: Self.smallSize,
                    colour: LegendEntry.request.colour)
            }
        }
        if !row.isRequest, drawHops(row.marks, baseline: baseline, axis: axis) {
            below = 24
        }
        y += below + 10
        return baseline
    }

    /// The bar along a row: from subscribe to completion for a lane, from arrival to answer for a
    /// request; dashed to the end of the section when the wait never ended.
    mutating func drawBar(of row: SectionLayout.Row, baseline: Double, axis: TimeAxis) {
        let end = plotLeft + plotWidth
        if row.isRequest {
            let start = x(of: row.marks[0], axis)
            if let answer = row.marks.dropFirst().last {
                bar(.serverBar, from: start, to: x(of: answer, axis), baseline: baseline)
            } else {
                bar(.noAnswer, from: start, to: end, baseline: baseline)
                text("no answer", x: end, y: baseline + 24, anchor: "end", colour: LegendEntry.request.colour)
            }
            return
        }
        guard let opening = row.marks.first(where: { $0.event.kind.opens }) else { return }
        if let closing = row.marks.last(where: { $0.event.kind.closes }) {
            bar(.waiting, from: x(of: opening, axis), to: x(of: closing, axis), baseline: baseline)
        } else {
            bar(.stillWaiting, from: x(of: opening, axis), to: end, baseline: baseline)
        }
    }

    mutating func bar(_ entry: LegendEntry, from start: Double, to end: Double, baseline: Double) {
        guard end > start else { return }
        used.insert(entry)
        line(
            x1: start, y1: baseline, x2: end, y2: baseline, colour: entry.colour, width: 5,
            dashes: entry.dashes)
    }

    /// Writes where a lane hops between the main thread and others; true when it does.
    mutating func drawHops(_ marks: [SectionLayout.Mark], baseline: Double, axis: TimeAxis) -> Bool {
        var hopped = false
        for (previous, mark) in zip(marks, marks.dropFirst())
        where mark.event.onMainThread != previous.event.onMainThread {
            let hop = mark.event.onMainThread ? "⇢ hop to main" : "⇢ hop off main"
            text(
                hop, x: x(of: mark, axis), y: baseline + 24, anchor: "middle", size: Self.smallSize,
                colour: "#c05621")
            hopped = true
        }
        return hopped
    }

    mutating func link(
        from start: SectionLayout.Mark, _ startY: Double, to end: SectionLayout.Mark, _ endY: Double,
        axis: TimeAxis
    ) {
        used.insert(.link)
        line(
            x1: x(of: start, axis), y1: startY, x2: x(of: end, axis), y2: endY,
            colour: LegendEntry.link.colour,
            width: 1.5, dashes: LegendEntry.link.dashes)
    }

    // MARK: Labels

    /// The row's marks in groups that share one label because they lie on top of each other, such
    /// as a value and the completion right after it.
    func labelGroups(_ marks: [SectionLayout.Mark], _ axis: TimeAxis) -> [[SectionLayout.Mark]] {
        var groups: [[SectionLayout.Mark]] = []
        for mark in marks.sorted(by: { ($0.event.offset, $0.index) < ($1.event.offset, $1.index) }) {
            if let first = groups.last?.first, x(of: mark, axis) - x(of: first, axis) <= 2 * Self.markRadius {
                groups[groups.count - 1].append(mark)
            } else {
                groups.append([mark])
            }
        }
        return groups
    }

    /// Puts each group's label in the lowest row where it does not overlap the labels already
    /// placed there, left-aligned at its mark, or right-aligned when it would run off the page.
    ///
    /// Labels are placed from the latest back, so that where marks crowd together the earlier
    /// ones' labels sit higher and the stack reads top to bottom in the order things happened.
    func placeLabels(_ groups: [[SectionLayout.Mark]], _ axis: TimeAxis) -> [PlacedLabel] {
        var rowStarts: [Double] = []
        var placed = [PlacedLabel?](repeating: nil, count: groups.count)
        for index in groups.indices.reversed() {
            let markX = x(of: groups[index][0], axis)
            let width = Self.width(of: Self.labelText(groups[index].map(\.event)))
            let fitsRight = markX - 4 + width <= Self.pageWidth - Self.margin
            let start = fitsRight ? markX - 4 : markX + 4 - width
            let row = rowStarts.firstIndex { start + width + 10 <= $0 } ?? rowStarts.count
            if row == rowStarts.count { rowStarts.append(.infinity) }
            rowStarts[row] = start
            placed[index] = PlacedLabel(
                x: fitsRight ? markX - 4 : markX + 4, anchor: fitsRight ? "start" : "end", row: row)
        }
        return placed.map { $0! }
    }

    struct PlacedLabel {
        let x: Double
        let anchor: String
        let row: Int
    }

    /// What a group's label says: each event's label, in order, joined by a dot.
    static func labelText(_ events: [Timeline.Event]) -> String {
        events.map(\.label).joined(separator: " · ")
    }

    /// One label for events drawn on top of each other, each part in its event's colour, with a
    /// white outline so that a link crossing it does not cross out its letters.
    ///
    /// The space after each dot is a shift of the next part, not a character, because renderers
    /// drop a part's leading space.
    mutating func label(_ events: [Timeline.Event], x: Double, y: Double, anchor: String) {
        let parts = events.enumerated().map { index, event in
            let shift = index == 0 ? "" : " dx=\"\(format(Self.width(of: " ")))\""
            let text = event.label + (index == events.count - 1 ? "" : " ·")
            return "<tspan\(shift) fill=\"\(LegendEntry(event).colour)\">\(TimelineXML.escaped(text))</tspan>"
        }
        elements.append(
            "<text x=\"\(format(x))\" y=\"\(format(y))\" text-anchor=\"\(anchor)\""
                + " stroke=\"#ffffff\" stroke-width=\"4\" paint-order=\"stroke\">\(parts.joined())</text>")
    }

    // MARK: Elements

    /// The event's mark: its legend entry's symbol, a square instead of a circle on the main thread.
    mutating func mark(_ event: Timeline.Event, x: Double, y: Double) {
        let entry = LegendEntry(event)
        used.insert(entry)
        used.insert(event.onMainThread ? .onMain : .offMain)
        entry.drawSymbol(in: &self, x: x, y: y, onMainThread: event.onMainThread)
    }

    mutating func circle(x: Double, y: Double, fill: String, stroke: String) {
        element(
            "circle",
            [
                "cx": format(x), "cy": format(y), "r": format(Self.markRadius), "fill": fill,
                "stroke": stroke,
                "stroke-width": "1.5",
            ])
    }

    mutating func square(x: Double, y: Double, fill: String, stroke: String) {
        let r = Self.markRadius
        element(
            "rect",
            [
                "x": format(x - r), "y": format(y - r), "width": format(2 * r), "height": format(2 * r),
                "fill": fill, "stroke": stroke, "stroke-width": "1.5",
            ])
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, colour: String, width: Double = 1,
        dashes: String? = nil
    ) {
        element(
            "line",
            [
                "x1": format(x1), "y1": format(y1), "x2": format(x2), "y2": format(y2), "stroke": colour,
                "stroke-width": format(width), "stroke-dasharray": dashes ?? "none",
            ])
    }

    mutating func text(
        _ content: String, x: Double, y: Double, anchor: String = "start", size: Double = textSize,
        weight: String = "normal", colour: String = textColour
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

/// Everything the picture can draw that needs explaining, in the order the legend lists it.
private enum LegendEntry: CaseIterable {
    case subscribe, value, finished, failed, cancel, retry, note
    case waiting, stillWaiting
    case request, response, hangUp, serverBar, noAnswer, link
    case offMain, onMain

    init(_ event: Timeline.Event) {
        switch event.kind {
        case .subscribe: self = .subscribe
        case .request: self = .request
        case .response: self = .response
        case .hangUp: self = .hangUp
        case .value: self = .value
        case .completion: self = event.detail == "finished" ? .finished : .failed
        case .cancel: self = .cancel
        case .retry: self = .retry
        case .note: self = .note
        }
    }

    var meaning: String {
        switch self {
        case .subscribe: "subscribe"
        case .value: "value"
        case .finished: "finished"
        case .failed: "failed"
        case .cancel: "cancel"
        case .retry: "retry"
        case .note: "note"
        case .waiting: "subscribed, waiting"
        case .stillWaiting: "still waiting when the rule ended"
        case .request: "request reaches the server"
        case .response: "server answers"
        case .hangUp: "server hangs up without answering"
        case .serverBar: "server at work on the request"
        case .noAnswer: "server never answers"
        case .link: "request sent, answer heard"
        case .offMain: "off the main thread"
        case .onMain: "on the main thread"
        }
    }

    var colour: String {
        switch self {
        case .subscribe: "#2b6cb0"
        case .value: "#2f855a"
        case .finished: "#1a202c"
        case .failed: "#c53030"
        case .cancel: "#dd6b20"
        case .retry: "#b7791f"
        case .note: "#718096"
        case .waiting, .stillWaiting: "#cbd5e0"
        case .request, .link: "#6b46c1"
        case .response, .hangUp: "#b83280"
        case .serverBar, .noAnswer: "#d6bcfa"
        case .offMain, .onMain: "#1a202c"
        }
    }

    /// How a bar or link of this entry is dashed; nil for a solid one.
    var dashes: String? {
        switch self {
        case .stillWaiting, .noAnswer: "10 6"
        case .link: "2 5"
        default: nil
        }
    }

    /// Draws the entry's symbol centred at `x`, `y`: in the legend, or as an event's mark.
    func drawSymbol(in drawing: inout TimelineDrawing, x: Double, y: Double, onMainThread: Bool = false) {
        let r = TimelineDrawing.markRadius
        switch self {
        case .waiting, .stillWaiting, .serverBar, .noAnswer, .link:
            drawing.line(
                x1: x - 10, y1: y, x2: x + 10, y2: y, colour: colour, width: self == .link ? 1.5 : 5,
                dashes: dashes)
        case .hangUp:
            drawing.line(x1: x - r, y1: y - r, x2: x + r, y2: y + r, colour: colour, width: 3)
            drawing.line(x1: x - r, y1: y + r, x2: x + r, y2: y - r, colour: colour, width: 3)
        case .offMain:
            drawing.circle(x: x, y: y, fill: "none", stroke: colour)
        case .onMain:
            drawing.square(x: x, y: y, fill: "none", stroke: colour)
        default:
            if onMainThread {
                drawing.square(x: x, y: y, fill: colour, stroke: "#1a202c")
            } else {
                drawing.circle(x: x, y: y, fill: colour, stroke: "#ffffff")
            }
        }
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

    /// A measured duration to two figures or so: `52 ms`, `1.3 ms`.
    static func rounded(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        return milliseconds >= 10
            ? label(milliseconds: milliseconds.rounded()) : String(format: "%.1f ms", milliseconds)
    }

    static func label(milliseconds: Double) -> String {
        func trimmed(_ value: Double) -> String {
            String(format: "%g", (value * 1000).rounded() / 1000)
        }
        return milliseconds >= 1000 ? "\(trimmed(milliseconds / 1000)) s" : "\(trimmed(milliseconds)) ms"
    }
}

extension Timeline.Event {
    /// What the picture writes beside the mark, in words a reader needs no key for.
    fileprivate var label: String {
        switch kind {
        case .subscribe: "subscribe"
        case .request: detail
        case .response: "answers \(detail)"
        case .hangUp: "hangs up, no answer"
        case .value: detail.isEmpty ? "value" : "value \(detail)"
        case .completion: detail == "finished" ? "finished" : "failed: \(detail)"
        case .cancel: exchange == nil ? "cancel" : "client left, answer never sent"
        case .retry: detail.isEmpty ? "retry" : "retry \(detail)"
        case .note: detail.isEmpty ? "note" : detail
        }
    }
}

extension Duration {
    fileprivate var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
