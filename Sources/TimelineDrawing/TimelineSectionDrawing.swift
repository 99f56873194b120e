import Timelines

/// Draws one rule's section of a timeline: its title, its time axis, and a row per lane and per
/// request, each mark labelled in words.
///
/// Nothing it draws can collide: labels go in lines above their row's marks, each in the lowest
/// line where it clears the labels already there and stays inside the plot, and every line of
/// text is measured with the font the picture declares. `TimelinePictureCheck` proves it on the
/// finished picture.
struct SectionDrawing {
    static let margin = 24.0
    static let labelLineHeight = 20.0
    /// How far the lowest line of labels sits above its row's baseline: clear of marks and bars.
    static let labelRise = 17.0
    static let titleSize = 19.0

    let canvasWidth: Double
    let titleColumnWidth: Double
    /// The time each shared scale (`Timeline.shareTimeScale`) must reach: the longest of its sections.
    let scales: [String: Duration]

    /// A drawing for `layouts` on a canvas `canvasWidth` wide, with a title column wide enough for
    /// every row's whole title (up to half the width).
    init(canvasWidth: Double, layouts: [SectionLayout], scales: [String: Duration] = [:]) {
        self.canvasWidth = canvasWidth
        self.scales = scales
        let widest = layouts.flatMap(\.rows).map { Self.rowTitle($0).width }.max() ?? 0
        titleColumnWidth = min(canvasWidth / 2, max(110, widest + 16))
    }

    var plotLeft: Double { Self.margin + titleColumnWidth }
    /// The width left for time, keeping room at the right for the last tick's label.
    var plotWidth: Double { canvasWidth - plotLeft - Self.margin - 30 }
    var contentRight: Double { canvasWidth - Self.margin }

    /// Draws `section` below `y` and moves `y` past it, noting the legend entries it drew; its marks
    /// say they belong to the picture's section `number`.
    func draw(
        _ section: Timeline.Section, _ layout: SectionLayout, titled: Bool = true, number: Int = 0,
        in canvas: inout TimelineCanvas,
        y: inout Double, used: inout Set<LegendEntry>
    ) {
        if titled {
            for line in wrapped(section.title.isEmpty ? "(untitled)" : section.title, size: Self.titleSize) {
                y += 25
                canvas.text(line, x: Self.margin, y: y, size: Self.titleSize, bold: true)
            }
        }
        drawCaption(section, in: &canvas, y: &y)
        guard !section.events.isEmpty else {
            if section.caption == nil {
                y += 28
                canvas.text(
                    "nothing was recorded during this rule", x: plotLeft, y: y,
                    colour: TimelineCanvas.quietColour)
            }
            y += 8
            return
        }
        let longest = section.scale.flatMap { scales[$0] } ?? section.events.map(\.offset).max() ?? .zero
        let axis = TimeAxis(longest: longest)
        y += 30
        drawAxis(axis, in: &canvas, y: y)
        y += 4
        let hops = hopsBetweenThreads(layout.rows, movers: section.movers, movedAlong: section.movedAlong)
        let xs = spread(layout.rows, axis, hoppingBefore: Set(hops.values.joined().map(\.before)))
        for (position, row) in layout.rows.enumerated() {
            draw(
                row, hops: hops[position] ?? [], xs: xs, axis: axis, section: number, in: &canvas, y: &y,
                used: &used)
        }
    }

    /// What the rule says its run cannot show, under its title, in lines that fit.
    func drawCaption(_ section: Timeline.Section, in canvas: inout TimelineCanvas, y: inout Double) {
        guard let caption = section.caption else { return }
        y += 6
        for line in wrapped(caption, size: TimelineCanvas.textSize) {
            y += 22
            canvas.text(line, x: Self.margin, y: y, colour: TimelineCanvas.quietColour)
        }
    }

    func drawAxis(_ axis: TimeAxis, in canvas: inout TimelineCanvas, y: Double) {
        canvas.line(x1: plotLeft, y1: y, x2: plotLeft + plotWidth, y2: y, colour: "#a0aec0")
        for tick in axis.ticks {
            let x = plotLeft + tick.fraction * plotWidth
            canvas.line(x1: x, y1: y - 5, x2: x, y2: y, colour: "#a0aec0")
            canvas.text(
                tick.label, x: x, y: y - 8, anchor: .middle, size: TimelineCanvas.smallSize,
                colour: TimelineCanvas.quietColour)
        }
    }

    func x(of mark: SectionLayout.Mark, _ axis: TimeAxis) -> Double {
        plotLeft + axis.fraction(of: mark.event.offset) * plotWidth
    }

    // MARK: Rows

    /// A row's title as the title column shows it: a lane's name, or which request or attempt a
    /// request row is, indented under the lane that sent it.
    static func rowTitle(
        _ row: SectionLayout.Row
    ) -> (text: String, size: Double, bold: Bool, indent: Double, width: Double) {
        let repeated = row.repeats.isEmpty ? nil : row.repeats.count / max(row.marks.count, 1) + 1
        let (text, size, bold, indent): (String, Double, Bool, Double) =
            if row.isRequest {
                (
                    repeated.map { "\($0) requests" } ?? row.attempt.map { "attempt \($0)" }
                        ?? (row.sender == nil ? "request" : "its request"),
                    TimelineCanvas.smallSize, false, row.sender == nil ? 0 : 14
                )
            } else {
                (row.title, TimelineCanvas.textSize, true, 0)
            }
        return (text, size, bold, indent, indent + TimelineFont.width(of: text, size: size))
    }

    /// Draws one row below `y`: its title at the left, its bars, its marks at `xs`, and their labels
    /// above; `hops` mark where a scheduler moved the row's events onto the main thread.
    func draw(
        _ row: SectionLayout.Row, hops: [Hop], xs: [Int: Double], axis: TimeAxis, section: Int,
        in canvas: inout TimelineCanvas, y: inout Double, used: inout Set<LegendEntry>
    ) {
        let marks = visibleMarks(of: row)
        let count = row.repeats.isEmpty ? "" : " ×\(row.repeats.count / max(row.marks.count, 1) + 1)"
        var items = labelGroups(marks, axis, xs).map { group in
            LabelItem(
                x: xs[group[0].index]!,
                parts: group.map {
                    LabelPart(
                        text: $0.event.label + count, colour: LegendEntry($0.event).colour,
                        events: [$0.index],
                        at: xs[$0.index])
                })
        }
        // What is drawn for an event but is not its mark appears with it on the page that steps
        // through the events: a hop with the first event on the new thread, a wait when it ended.
        let hopXs = hops.map { hop in (hop, hopX(hop, in: marks, xs)) }
        items += hopXs.map { hop, x in
            LabelItem(
                x: x,
                parts: [
                    LabelPart(
                        text: "→ main, by \(hop.mover)",
                        colour: LegendEntry.hop.colour,
                        events: Array(Set([hop.revealedWith, hop.before])).sorted())
                ])
        }
        let wait = scheduledWait(before: row, axis, xs)
        if let wait {
            items.append(
                LabelItem(
                    x: wait.from,
                    parts: [
                        LabelPart(text: wait.label, colour: LegendEntry.wait.colour, events: [wait.event])
                    ]))
        }
        let bar = self.bar(of: row, marks: marks, xs: xs)
        if bar?.entry == .noAnswer, let arrival = marks.first {
            items.append(
                LabelItem(
                    x: contentRight,
                    parts: [
                        LabelPart(
                            text: "no answer", colour: LegendEntry.request.colour, events: [arrival.index])
                    ],
                    preferEnd: true))
        }
        let placed = place(items)
        let lines = (placed.map(\.line).max() ?? 0) + 1
        let baseline =
            y + 8 + Self.labelRise + Double(lines - 1) * Self.labelLineHeight + TimelineCanvas.textSize
            * TimelineFont.ascent
        // The page that steps through the events shows a row's title with its first event.
        let title = Self.rowTitle(row)
        canvas.text(
            title.text, x: Self.margin + title.indent, y: baseline + 5, size: title.size, bold: title.bold,
            colour: row.isRequest ? TimelineCanvas.quietColour : TimelineCanvas.textColour,
            extra: [
                (
                    "data-row-events",
                    (marks + row.repeats).map(\.index).map(String.init).joined(separator: " ")
                )
            ])
        canvas.line(x1: plotLeft, y1: baseline, x2: plotLeft + plotWidth, y2: baseline, colour: "#edf2f7")
        if let bar {
            used.insert(bar.entry)
            bar.entry.drawBar(in: &canvas, from: bar.from, to: bar.to, y: baseline, ends: bar.ends)
        }
        if let wait {
            used.insert(.wait)
            LegendEntry.wait.drawBar(
                in: &canvas, from: wait.from, to: max(wait.to, wait.from + 1), y: baseline,
                ends: (wait.after, marks.first?.index), event: wait.event)
        }
        for label in placed {
            canvas.label(
                label.parts, x: label.x,
                y: baseline - Self.labelRise - Double(label.line) * Self.labelLineHeight,
                anchor: label.anchor)
        }
        let counted = row.repeats.map(\.index)
        for (position, mark) in marks.enumerated() {
            let entry = LegendEntry(mark.event)
            used.insert(entry)
            if entry.showsThread { used.insert(mark.event.onMainThread ? .onMain : .offMain) }
            entry.drawMark(
                in: &canvas, x: xs[mark.index]!, y: baseline, onMainThread: mark.event.onMainThread,
                recorded: RecordedMark(section: section, mark: mark),
                standingFor: position == 0 ? counted : [])
        }
        for (hop, x) in hopXs {
            used.insert(.hop)
            LegendEntry.hop.drawMark(
                in: &canvas, x: x, y: baseline, onMainThread: false, revealedWith: hop.revealedWith)
        }
        y = baseline + 16
    }

    /// The marks a row draws: all of them, or for a row that stands for repeated requests, the first
    /// request and the last answer.
    func visibleMarks(of row: SectionLayout.Row) -> [SectionLayout.Mark] {
        guard let last = row.repeats.last, let first = row.marks.first else { return row.marks }
        return [first, last]
    }

    /// Where each mark of the section is drawn: at its time, or moved right just far enough to be
    /// seen beside the one before it on its row (by room for a hop, when one comes between), and
    /// pulled back if that would leave the plot. Moving never reorders: a mark is never drawn left of
    /// one on any row that happened before it, so the picture reads in time order top to bottom
    /// and left to right.
    func spread(
        _ rows: [SectionLayout.Row], _ axis: TimeAxis, hoppingBefore hopped: Set<Int>
    ) -> [Int: Double] {
        let ordered = rows.enumerated().flatMap { number, row in
            visibleMarks(of: row).map { (row: number, mark: $0) }
        }
        .sorted { ($0.mark.event.offset, $0.mark.index) < ($1.mark.event.offset, $1.mark.index) }
        func gap(before mark: SectionLayout.Mark) -> Double {
            2 * LegendEntry.markRadius + (hopped.contains(mark.index) ? 14 : 3)
        }
        var xs = ordered.map { x(of: $0.mark, axis) }
        var lastOnRow: [Int: Int] = [:]
        for position in xs.indices {
            let item = ordered[position]
            if let previous = lastOnRow[item.row] {
                xs[position] = max(xs[position], xs[previous] + gap(before: item.mark))
            }
            if position > 0 { xs[position] = max(xs[position], xs[position - 1]) }
            lastOnRow[item.row] = position
        }
        var nextOnRow: [Int: Int] = [:]
        var ceiling = plotLeft + plotWidth + 16
        for position in xs.indices.reversed() {
            let item = ordered[position]
            xs[position] = min(xs[position], ceiling)
            if let next = nextOnRow[item.row] {
                xs[position] = min(xs[position], xs[next] - gap(before: ordered[next].mark))
            }
            ceiling = xs[position]
            nextOnRow[item.row] = position
        }
        return Dictionary(uniqueKeysWithValues: zip(ordered.map(\.mark.index), xs))
    }

    /// A hop's place: halfway between the mark before it on its row and the first mark on the new
    /// thread (on any row), at most a hop's room before the latter.
    func hopX(_ hop: Hop, in marks: [SectionLayout.Mark], _ xs: [Int: Double]) -> Double {
        let arrival = min(xs[hop.before]!, xs[hop.revealedWith] ?? xs[hop.before]!)
        let previous = marks.filter { $0.index != hop.before }.map { xs[$0.index]! }.filter { $0 < arrival }
            .max()
        return previous.map { max(arrival - 14, ($0 + arrival) / 2) } ?? arrival - 14
    }

    /// The bar along a row: from subscribe to completion for a lane, from arrival to answer for a
    /// request; dashed to the end of the section when the wait never ended, except on a stage's
    /// lane, which ends at its last event. `ends` are the events
    /// at its two ends, the second nil when it has none.
    func bar(
        of row: SectionLayout.Row, marks: [SectionLayout.Mark], xs: [Int: Double]
    ) -> (entry: LegendEntry, from: Double, to: Double, ends: (Int, Int?))? {
        let end = plotLeft + plotWidth
        // A row of repeated requests spans many exchanges: no one bar stands for them.
        guard row.repeats.isEmpty else { return nil }
        if row.isRequest {
            let start = xs[marks[0].index]!
            if let answer = marks.dropFirst().last {
                let to = xs[answer.index]!
                return to > start ? (.serverBar, start, to, (marks[0].index, answer.index)) : nil
            }
            return (.noAnswer, start, end, (marks[0].index, nil))
        }
        guard let opening = marks.first(where: { $0.event.kind.opens }) else { return nil }
        let from = xs[opening.index]!
        guard let closing = marks.last(where: { $0.event.kind.closes }) else {
            // A stage's lane stops at its last event drawn: what came after was heard by nobody.
            guard row.isStage else { return (.stillWaiting, from, end, (opening.index, nil)) }
            guard let last = marks.max(by: { xs[$0.index]! < xs[$1.index]! }), xs[last.index]! > from else {
                return nil
            }
            return (.waiting, from, xs[last.index]!, (opening.index, last.index))
        }
        let to = xs[closing.index]!
        return to > from ? (.waiting, from, to, (opening.index, closing.index)) : nil
    }

    /// For an attempt sent after a scheduled wait: from the end of the attempt before to this
    /// one's arrival, with how long that was as the server measured it and what was scheduled.
    /// An attempt sent at once has none: nothing waited.
    /// It starts where the end of the attempt before is drawn, so never before it.
    func scheduledWait(
        before row: SectionLayout.Row, _ axis: TimeAxis, _ xs: [Int: Double]
    ) -> (from: Double, to: Double, label: String, event: Int, after: Int)? {
        guard let previous = row.previousAttemptEnd, let wait = row.scheduledWait,
            let arrival = row.marks.first,
            let arrivalX = xs[arrival.index]
        else { return nil }
        let measured = TimeAxis.rounded(arrival.event.offset - previous.event.offset)
        return (
            xs[previous.index] ?? x(of: previous, axis), arrivalX - LegendEntry.markRadius - 1,
            "waited \(measured) (\(wait.event.detail) scheduled)", wait.index, previous.index
        )
    }

    /// Where a scheduler moved a row's events onto the main thread: drawn on the row, before the
    /// first mark on the new thread, naming what moved them.
    struct Hop {
        /// The mark on the row the hop is drawn before.
        let before: Int
        /// The first event on the main thread after the move, on any row: the page shows the hop
        /// with it.
        let revealedWith: Int
        let mover: String
    }

    /// Where each row whose lane a scheduler moves onto the main thread (`movers`) changes to it,
    /// by the row's position: before its first mark on the new thread. When the hop itself happened
    /// is not recorded, only that it had by then; so when a mark of a lane moved along with it
    /// (`movedAlong`: a decode written after `receive(on:)`) came on the main thread in between,
    /// the hop is drawn before that one, which it preceded.
    func hopsBetweenThreads(
        _ rows: [SectionLayout.Row], movers: [String: String], movedAlong: [String: [String]]
    ) -> [Int: [Hop]] {
        var hops: [Int: [Hop]] = [:]
        for (position, row) in rows.enumerated() where !row.isRequest {
            guard let mover = movers[row.title] else { continue }
            let along = movedAlong[row.title] ?? []
            let unmoved = rows.filter { !$0.isRequest && along.contains($0.title) }.flatMap(\.marks)
            let ordered = row.marks.sorted { ($0.event.offset, $0.index) < ($1.event.offset, $1.index) }
            hops[position] = zip(ordered, ordered.dropFirst()).compactMap { previous, mark in
                guard mark.event.onMainThread, !previous.event.onMainThread else { return nil }
                let between = unmoved.filter {
                    $0.event.onMainThread && $0.event.offset > previous.event.offset
                        && $0.event.offset < mark.event.offset
                }
                let first = between.min { ($0.event.offset, $0.index) < ($1.event.offset, $1.index) }
                return Hop(before: mark.index, revealedWith: first?.index ?? mark.index, mover: mover)
            }
        }
        return hops
    }

    // MARK: Labels

    /// Part of a label, in its own colour, naming the events it stands for.
    struct LabelPart {
        let text: String
        let colour: String
        /// The positions in the section of the events it names, for the page that reveals them.
        let events: [Int]
        /// Where its own mark is drawn, when it shares a label with marks beside it: on a line of
        /// its own it stands by that mark.
        var at: Double? = nil
    }

    struct LabelItem {
        let x: Double
        let parts: [LabelPart]
        var preferEnd = false
        /// Whether it may be slid along its line to fit, so that it no longer starts or ends at its
        /// mark (though it always spans it): for a text too wide to do either.
        var slides = false
        /// For one line of a text broken over several: how many lines of it come after this one,
        /// which must sit below it.
        var linesAfter = 0
        /// Where a label shared by marks side by side starts when it was slid to fit: so that it
        /// spans them all, which starting or ending at the first would not.
        var pinnedLeft: Double? = nil

        var text: String { TimelineCanvas.labelText(parts.map { ($0.text, $0.colour) }) }
        var width: Double { TimelineFont.width(of: text, size: TimelineCanvas.textSize) }
    }

    struct PlacedLabel {
        let parts: [LabelPart]
        let x: Double
        let anchor: TextAnchor
        let line: Int
    }

    /// The row's marks in groups that share one label because they lie side by side, such as a
    /// value and the completion right after it, or a subscribe and the demand it made at once:
    /// within three mark radii in time, and drawn next to each other at `xs` (not pushed further
    /// apart by marks on other rows, which would leave the label behind). One label for the two
    /// keeps a row that a retry subscribes to three times to a few lines of labels.
    func labelGroups(
        _ marks: [SectionLayout.Mark], _ axis: TimeAxis, _ xs: [Int: Double]
    ) -> [[SectionLayout.Mark]] {
        var groups: [[SectionLayout.Mark]] = []
        for mark in marks.sorted(by: { ($0.event.offset, $0.index) < ($1.event.offset, $1.index) }) {
            if let first = groups.last?.first, let last = groups.last?.last,
                x(of: mark, axis) - x(of: first, axis) <= 3 * LegendEntry.markRadius,
                xs[mark.index]! - xs[last.index]! <= 2 * LegendEntry.markRadius + 4
            {
                groups[groups.count - 1].append(mark)
            } else {
                groups.append([mark])
            }
        }
        return groups
    }

    var leftmostLabel: Double { plotLeft - 8 }

    /// Where a label starting at its mark, or ending there, would begin; nil when it would leave
    /// the plot.
    func unslidLeft(_ item: LabelItem, _ anchor: TextAnchor) -> Double? {
        let left = anchor == .start ? item.x - 4 : min(item.x + 4, contentRight) - item.width
        return left >= leftmostLabel && left + item.width <= contentRight ? left : nil
    }

    /// The item as labels that fit: whole, when it can start or end at its mark, or else be slid
    /// along its line to fit while it still spans its marks (for a label shared by marks side by
    /// side, so that they keep one line); else each part on a line of its own; a part too wide
    /// even so, slid to fit, or broken between words when it is wider than the plot. Nothing is
    /// cut.
    func fitted(_ item: LabelItem) -> [LabelItem] {
        if unslidLeft(item, .start) != nil || unslidLeft(item, .end) != nil { return [item] }
        let marks = item.parts.compactMap(\.at)
        let left = min(max((marks.min() ?? item.x) - 4, leftmostLabel), contentRight - item.width)
        if item.parts.count > 1, left >= leftmostLabel, left + item.width >= (marks.max() ?? item.x) + 4 {
            var slid = item
            slid.pinnedLeft = left
            return [slid]
        }
        if item.parts.count > 1 {
            return item.parts.flatMap {
                fitted(LabelItem(x: $0.at ?? item.x, parts: [$0], preferEnd: item.preferEnd))
            }
        }
        let part = item.parts[0]
        let fits = Int(
            ((contentRight - leftmostLabel) / (TimelineCanvas.textSize * TimelineFont.advance)) + 1e-9)
        let lines = wrappedWords(part.text, fits: fits)
        return lines.enumerated().map { number, line in
            LabelItem(
                x: item.x, parts: [LabelPart(text: line, colour: part.colour, events: part.events)],
                preferEnd: item.preferEnd, slides: true, linesAfter: lines.count - 1 - number)
        }
    }

    /// Puts each label in the lowest line where it clears the labels already there, starting at
    /// its mark and running right, or ending there and running left; never into the title column
    /// or past the right margin. The latest labels are placed first, and each goes above every
    /// later one it would run into, so that labels stacked over each other read in the order
    /// things happened, top to bottom.
    func place(_ items: [LabelItem]) -> [PlacedLabel] {
        let pieces = items.flatMap(fitted)
        var spans: [(left: Double, right: Double, line: Int)] = []
        let order = pieces.indices.sorted { (pieces[$0].x, $0) > (pieces[$1].x, $1) }
        var placed: [PlacedLabel] = []
        // The line of the last piece placed, which the line before it in a broken text must be above.
        var below = -1
        for index in order {
            let item = pieces[index]
            let anchors: [TextAnchor] = item.preferEnd ? [.end, .start] : [.start, .end]
            let lowest = item.linesAfter > 0 ? below + 1 : 0
            var best: (line: Int, left: Double)?
            for anchor in anchors {
                let left: Double
                if let pinned = item.pinnedLeft {
                    left = pinned
                } else if item.slides {
                    left = min(
                        max(anchor == .start ? item.x - 4 : item.x + 4 - item.width, leftmostLabel),
                        contentRight - item.width)
                } else if let unslid = unslidLeft(item, anchor) {
                    left = unslid
                } else {
                    continue
                }
                let right = left + item.width
                let later = spans.filter { left < $0.right + 10 && $0.left < right + 10 }
                let line = max(lowest, (later.map(\.line).max() ?? -1) + 1)
                if best.map({ line < $0.line }) ?? true { best = (line, left) }
            }
            guard let best else { continue }
            spans.append((best.left, best.left + item.width, best.line))
            below = best.line
            placed.append(PlacedLabel(parts: item.parts, x: best.left, anchor: .start, line: best.line))
        }
        return placed
    }

    /// `text` in lines of at most `fits` characters, broken between words.
    func wrappedWords(_ text: String, fits: Int) -> [String] {
        var lines: [String] = []
        for word in text.split(separator: " ") {
            if let last = lines.last, last.count + 1 + word.count <= fits {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(String(word))
            }
        }
        return lines
    }

    /// `text` in lines that fit between the margins, broken between words.
    func wrapped(_ text: String, size: Double) -> [String] {
        wrappedWords(
            text, fits: Int(((canvasWidth - 2 * Self.margin) / (size * TimelineFont.advance)) + 1e-9))
    }
}

extension Timeline.Event {
    /// What the picture writes beside the mark, in words a reader needs no key for.
    var label: String {
        switch kind {
        case .subscribe: detail.isEmpty ? "subscribe" : "subscribe \(detail)"
        case .request: detail
        case .response: "answers \(detail)"
        case .hangUp: "hangs up, no answer"
        case .value: detail.isEmpty ? "value" : "value \(detail)"
        case .completion: detail == "finished" ? "finished" : "failed: \(detail)"
        case .cancel:
            exchange != nil
                ? "client left, answer never sent" : detail.isEmpty ? "cancel" : "cancel \(detail)"
        case .retry: detail.isEmpty ? "retry" : "retry \(detail)"
        case .note: detail.isEmpty ? "note" : detail
        case .action: detail
        case .wait: "waited \(detail)"
        case .demand: detail
        case .exit: detail == "exit 0" ? "process exits 0" : "process ends: \(detail)"
        }
    }
}
