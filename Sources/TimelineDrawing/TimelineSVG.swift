import Timelines

extension Timeline {
    /// The whole run drawn as one plain SVG picture, the chapter's overview: one block per rule
    /// with its own time axis, under one legend of exactly the marks drawn, with the stable sequence
    /// embedded in `<metadata>` so a test can tell whether the picture is still current.
    ///
    /// Plain on purpose, so that it reads the same in a browser and on GitHub: no scripts, no
    /// stylesheets, no external fonts, an opaque background, text as text, sized to stay readable
    /// when projected in a classroom or shrunk to a page's width.
    public var svg: String {
        TimelinePicture(timeline: self, sections: sections, width: 1200).svg(stableSequence: stableSequence)
    }

    /// Each rule's own picture, named for the rule, in the order the rules ran: the rule's
    /// section alone, drawn narrower than the overview, to stand beside the rule on its page.
    ///
    /// The pictures of rules that share a time scale (`Timeline.shareTimeScale`) have one axis in
    /// every respect: the same range, and the same title column, so a millisecond is as wide in
    /// each and the same time falls at the same place when they stand one above the other.
    public var rulePictures: [RulePicture] {
        let sections = sections
        var taken = Set<String>()
        return sections.map { section in
            var name = RulePicture.name(for: section.title)
            if !taken.insert(name).inserted {
                name += "-\(taken.count)"
                taken.insert(name)
            }
            let axisPartners = sections.filter { $0.scale != nil && $0.scale == section.scale }
            let picture = TimelinePicture(
                timeline: self, sections: [section], width: 960, sizedLike: axisPartners)
            return RulePicture(name: name, svg: picture.svg(stableSequence: stableSequence(of: [section])))
        }
    }
}

extension Timeline {
    /// How long each shared time scale must be: the latest event of any section that names it.
    var sharedScales: [String: Duration] {
        var scales: [String: Duration] = [:]
        for section in sections {
            guard let scale = section.scale else { continue }
            scales[scale] = max(scales[scale] ?? .zero, section.events.map(\.offset).max() ?? .zero)
        }
        return scales
    }
}

/// One rule's picture and the name its file takes, such as `retry-2-after-validation-resends-at-once`.
public struct RulePicture: Sendable, Equatable {
    /// The file name without `.svg`, made from the rule's sentence (`name(for:)`).
    public let name: String
    /// The picture, as SVG text.
    public let svg: String

    /// Pairs a picture with its file name.
    public init(name: String, svg: String) {
        self.name = name
        self.svg = svg
    }

    /// A file name for a rule: its words in lower case joined by dashes, without what it says in
    /// parentheses (a platform's name, which a picture of another run would otherwise differ by).
    static func name(for sentence: String) -> String {
        let bare = sentence.replacing(/\([^)]*\)/, with: "")
        let words = bare.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var name = ""
        for word in words where name.count + word.count < 60 {
            name += (name.isEmpty ? "" : "-") + word
        }
        return name.isEmpty ? "rule" : name
    }
}

/// Lays out a picture of some of a timeline's sections: a header with the legend of the marks the
/// sections draw, then the sections, then a line on where the times come from.
private struct TimelinePicture {
    let timeline: Timeline
    let sections: [Timeline.Section]
    let width: Double
    /// Other sections whose rows the title column must fit as well, so that this picture's time axis
    /// lies exactly where theirs does.
    var sizedLike: [Timeline.Section] = []

    var isOverview: Bool { width >= 1200 }

    func svg(stableSequence: String) -> String {
        let layouts = sections.map(SectionLayout.init)
        let drawing = SectionDrawing(
            canvasWidth: width, layouts: layouts + sizedLike.map(SectionLayout.init),
            scales: timeline.sharedScales)
        // A first pass finds which marks the sections draw, for the legend above them.
        var used = Set<LegendEntry>()
        var scratch = TimelineCanvas(width: width)
        var scratchY = 0.0
        for (section, layout) in zip(sections, layouts) {
            drawing.draw(section, layout, in: &scratch, y: &scratchY, used: &used)
        }
        var canvas = TimelineCanvas(width: width)
        var y = SectionDrawing.margin
        if isOverview {
            y += 20
            canvas.text(
                "\(timeline.title): what happened, and when", x: SectionDrawing.margin, y: y, size: 24,
                bold: true)
            for line in [
                "Each rule has its own time scale, counted from the moment it began. Under each subscriber are",
                "the requests it sent, as the server saw them; a retry's requests are its numbered attempts.",
            ] {
                y += 24
                canvas.text(line, x: SectionDrawing.margin, y: y, colour: TimelineCanvas.quietColour)
            }
            y += 10
        } else if let section = sections.first {
            for line in drawing.wrapped(section.title, size: SectionDrawing.titleSize) {
                y += 25
                canvas.text(line, x: SectionDrawing.margin, y: y, size: SectionDrawing.titleSize, bold: true)
            }
        }
        drawLegend(LegendEntry.allCases.filter(used.contains), in: &canvas, y: &y)
        for (number, (section, layout)) in zip(sections, layouts).enumerated() {
            if isOverview { y += 18 }
            drawing.draw(section, layout, titled: isOverview, number: number, in: &canvas, y: &y, used: &used)
        }
        y += 30
        let name = timeline.title
        let source =
            isOverview
            ? "Times are from one real run of swift run \(name) and vary from run to run."
            : "Time 0 is when the rule began; times are from one real run of swift run \(name)."
        canvas.text(
            source, x: SectionDrawing.margin, y: y, size: TimelineCanvas.smallSize,
            colour: TimelineCanvas.quietColour)
        y += 20
        canvas.text(
            "Redraw: scripts/draw-timelines \(name)", x: SectionDrawing.margin, y: y,
            size: TimelineCanvas.smallSize,
            colour: TimelineCanvas.quietColour)
        let what = isOverview ? "timeline of a real run" : (sections.first?.title ?? "")
        return canvas.svg(
            height: y + SectionDrawing.margin, title: "\(name): \(what)",
            description:
                "Each row is a subscriber, or one request at the server under the subscriber that sent it;"
                + " time runs left to right as measured; a circle happened off the main thread, a square on it.",
            stableSequence: stableSequence)
    }

    /// The legend: each entry's key and meaning, in lines that fit the width.
    func drawLegend(_ entries: [LegendEntry], in canvas: inout TimelineCanvas, y: inout Double) {
        guard !entries.isEmpty else { return }
        y += 30
        var x = SectionDrawing.margin
        for entry in entries {
            let entryWidth = 26 + TimelineFont.width(of: entry.meaning, size: TimelineCanvas.textSize)
            if x + entryWidth > width - SectionDrawing.margin {
                x = SectionDrawing.margin
                y += 26
            }
            entry.drawKey(in: &canvas, x: x + 10, y: y - 5)
            canvas.text(entry.meaning, x: x + 26, y: y)
            x += entryWidth + 22
        }
        y += 6
    }
}
