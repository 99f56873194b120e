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

    /// A drawing for `layouts` on a canvas `canvasWidth` wide, with a title column wide enough for
    /// every row's title (up to a third of the width; longer titles are shortened).
    init(canvasWidth: Double, layouts: [SectionLayout]) {
        self.canvasWidth = canvasWidth
        let widest = layouts.flatMap(\.rows).map { Self.rowTitle($0).width }.max() ?? 0
        titleColumnWidth = min(canvasWidth / 3, max(110, widest + 16))
    }

    var plotLeft: Double { Self.margin + titleColumnWidth }
    /// The width left for time, keeping room at the right for the last tick's label.
    var plotWidth: Double { canvasWidth - plotLeft - Self.margin - 30 }
    var contentRight: Double { canvasWidth - Self.margin }

    /// Draws `section` below `y` and moves `y` past it, noting the legend entries it drew.
    func draw(
        _ section: Timeline.Section, _ layout: SectionLayout, titled: Bool = true,
        in canvas: inout TimelineCanvas,
        y: inout Double, used: inout Set<LegendEntry>
    ) {
        if titled {
            for line in wrapped(section.title.isEmpty ? "(untitled)" : section.title, size: Self.titleSize) {
                y += 25
                canvas.text(line, x: Self.margin, y: y, size: Self.titleSize, bold: true)
            }
        }
        guard !section.events.isEmpty else {
            y += 28
            canvas.text(
                "nothing was recorded during this rule", x: plotLeft, y: y, colour: TimelineCanvas.quietColour
            )
            y += 8
            return
        }
        let axis = TimeAxis(longest: section.events.map(\.offset).max() ?? .zero)
        y += 30
        drawAxis(axis, in: &canvas, y: y)
        y += 4
        for row in layout.rows {
            draw(row, axis: axis, in: &canvas, y: &y, used: &used)
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
        let (text, size, bold, indent): (String, Double, Bool, Double) =
            if row.isRequest {
                (
                    row.attempt.map { "attempt \($0)" } ?? (row.sender == nil ? "request" : "its request"),
                    TimelineCanvas.smallSize, false, row.sender == nil ? 0 : 14
                )
            } else {
                (row.title, TimelineCanvas.textSize, true, 0)
            }
        return (text, size, bold, indent, indent + TimelineFont.width(of: text, size: size))
    }

    /// Draws one row below `y`: its title at the left, its bars, its marks, and their labels above.
    func draw(
        _ row: SectionLayout.Row, axis: TimeAxis, in canvas: inout TimelineCanvas, y: inout Double,
        used: inout Set<LegendEntry>
    ) {
        var items = labelGroups(row.marks, axis).map { group in
            LabelItem(
                x: x(of: group[0], axis), parts: group.map { ($0.event.label, LegendEntry($0.event).colour) },
                events: group.map(\.index))
        }
        let hops = row.isRequest ? [] : hopsBetweenThreads(row.marks, axis)
        // What is drawn for an event but is not its mark appears with it on the page that steps
        // through the events: a hop with the first event on the new thread, a wait with the attempt.
        items += hops.map {
            LabelItem(
                x: $0.x,
                parts: [($0.toMain ? "→ main thread" : "→ off the main thread", LegendEntry.hop.colour)],
                events: [$0.event])
        }
        let wait = waitBeforeAttempt(row, axis)
        let arrival = row.marks.first.map { [$0.index] } ?? []
        if let wait {
            items.append(
                LabelItem(
                    x: wait.from, parts: [("waited \(wait.label)", LegendEntry.wait.colour)], events: arrival)
            )
        }
        let bar = self.bar(of: row, axis)
        if bar?.entry == .noAnswer {
            items.append(
                LabelItem(
                    x: contentRight, parts: [("no answer", LegendEntry.request.colour)], preferEnd: true,
                    events: arrival))
        }
        let placed = place(items.sorted { $0.x < $1.x })
        let lines = (placed.map(\.line).max() ?? 0) + 1
        let baseline =
            y + 8 + Self.labelRise + Double(lines - 1) * Self.labelLineHeight + TimelineCanvas.textSize
            * TimelineFont.ascent
        let title = Self.rowTitle(row)
        canvas.text(
            shortened(title.text, size: title.size, toFit: titleColumnWidth - 16 - title.indent),
            x: Self.margin + title.indent, y: baseline + 5, size: title.size, bold: title.bold,
            colour: row.isRequest ? TimelineCanvas.quietColour : TimelineCanvas.textColour)
        canvas.line(x1: plotLeft, y1: baseline, x2: plotLeft + plotWidth, y2: baseline, colour: "#edf2f7")
        if let bar {
            used.insert(bar.entry)
            bar.entry.drawBar(in: &canvas, from: bar.from, to: bar.to, y: baseline)
        }
        if let wait, wait.to > wait.from {
            used.insert(.wait)
            LegendEntry.wait.drawBar(in: &canvas, from: wait.from, to: wait.to, y: baseline, events: arrival)
        }
        for label in placed {
            canvas.label(
                label.parts, x: label.x,
                y: baseline - Self.labelRise - Double(label.line) * Self.labelLineHeight,
                anchor: label.anchor, events: label.events)
        }
        for mark in row.marks {
            let entry = LegendEntry(mark.event)
            used.insert(entry)
            if entry != .hangUp { used.insert(mark.event.onMainThread ? .onMain : .offMain) }
            entry.drawMark(
                in: &canvas, x: x(of: mark, axis), y: baseline, onMainThread: mark.event.onMainThread,
                event: mark.index)
        }
        for hop in hops {
            used.insert(.hop)
            LegendEntry.hop.drawMark(
                in: &canvas, x: hop.x, y: baseline, onMainThread: false, revealedWith: hop.event)
        }
        y = baseline + 16
    }

    /// The bar along a row: from subscribe to completion for a lane, from arrival to answer for a
    /// request; dashed to the end of the section when the wait never ended.
    func bar(of row: SectionLayout.Row, _ axis: TimeAxis) -> (entry: LegendEntry, from: Double, to: Double)? {
        let end = plotLeft + plotWidth
        if row.isRequest {
            let start = x(of: row.marks[0], axis)
            if let answer = row.marks.dropFirst().last {
                let to = x(of: answer, axis)
                return to > start ? (.serverBar, start, to) : nil
            }
            return (.noAnswer, start, end)
        }
        guard let opening = row.marks.first(where: { $0.event.kind.opens }) else { return nil }
        let from = x(of: opening, axis)
        guard let closing = row.marks.last(where: { $0.event.kind.closes }) else {
            return (.stillWaiting, from, end)
        }
        let to = x(of: closing, axis)
        return to > from ? (.waiting, from, to) : nil
    }

    /// For an attempt after the first: from the end of the attempt before to this one's arrival,
    /// with how long that was, as the server measured it.
    func waitBeforeAttempt(
        _ row: SectionLayout.Row, _ axis: TimeAxis
    ) -> (from: Double, to: Double, label: String)? {
        guard let previous = row.previousAttemptEnd, let arrival = row.marks.first else { return nil }
        return (
            x(of: previous, axis), x(of: arrival, axis),
            TimeAxis.rounded(arrival.event.offset - previous.event.offset)
        )
    }

    /// Where a lane moves between the main thread and another: just before the first mark on the
    /// new thread (when the hop itself happened is not recorded, only that it had by then), or
    /// halfway from the mark before when that is closer.
    func hopsBetweenThreads(
        _ marks: [SectionLayout.Mark], _ axis: TimeAxis
    ) -> [(x: Double, toMain: Bool, event: Int)] {
        zip(marks, marks.dropFirst()).compactMap { previous, mark in
            guard mark.event.onMainThread != previous.event.onMainThread else { return nil }
            let arrival = x(of: mark, axis)
            return (
                max(arrival - 14, (x(of: previous, axis) + arrival) / 2), mark.event.onMainThread, mark.index
            )
        }
    }

    // MARK: Labels

    struct LabelItem {
        let x: Double
        let parts: [(text: String, colour: String)]
        var preferEnd = false
        /// The positions in the section of the events the label names.
        var events: [Int] = []
    }

    struct PlacedLabel {
        let parts: [(text: String, colour: String)]
        let events: [Int]
        let x: Double
        let anchor: TextAnchor
        let line: Int
    }

    /// The row's marks in groups that share one label because they lie on top of each other, such
    /// as a value and the completion right after it.
    func labelGroups(_ marks: [SectionLayout.Mark], _ axis: TimeAxis) -> [[SectionLayout.Mark]] {
        var groups: [[SectionLayout.Mark]] = []
        for mark in marks.sorted(by: { ($0.event.offset, $0.index) < ($1.event.offset, $1.index) }) {
            if let first = groups.last?.first,
                x(of: mark, axis) - x(of: first, axis) <= 2 * LegendEntry.markRadius
            {
                groups[groups.count - 1].append(mark)
            } else {
                groups.append([mark])
            }
        }
        return groups
    }

    /// Puts each label in the lowest line where it clears the labels already there, starting at
    /// its mark and running right, or ending there and running left when that fits better; never
    /// into the title column or past the right margin.
    func place(_ items: [LabelItem]) -> [PlacedLabel] {
        let leftmost = plotLeft - 8
        var lines: [[(left: Double, right: Double)]] = []
        return items.map { item in
            var parts = item.parts
            var width = TimelineFont.width(of: TimelineCanvas.labelText(parts), size: TimelineCanvas.textSize)
            if width > contentRight - leftmost {
                let text = shortened(
                    TimelineCanvas.labelText(parts), size: TimelineCanvas.textSize,
                    toFit: contentRight - leftmost)
                parts = [(text, parts[0].colour)]
                width = TimelineFont.width(of: text, size: TimelineCanvas.textSize)
            }
            let anchors: [TextAnchor] = item.preferEnd ? [.end, .start] : [.start, .end]
            for line in 0...lines.count {
                for anchor in anchors {
                    let left = min(
                        max(anchor == .start ? item.x - 4 : item.x + 4 - width, leftmost),
                        contentRight - width)
                    let right = left + width
                    if line < lines.count,
                        lines[line].contains(where: { left < $0.right + 10 && $0.left < right + 10 })
                    {
                        continue
                    }
                    if line == lines.count { lines.append([]) }
                    lines[line].append((left, right))
                    return PlacedLabel(parts: parts, events: item.events, x: left, anchor: .start, line: line)
                }
            }
            fatalError("a new line always has room")
        }
    }

    /// `text` cut to fit `width`, with an ellipsis when something was cut.
    func shortened(_ text: String, size: Double, toFit width: Double) -> String {
        let fits = Int(width / (size * TimelineFont.advance))
        return text.count <= fits ? text : String(text.prefix(max(fits - 1, 0))) + "…"
    }

    /// `text` in lines that fit between the margins, broken between words.
    func wrapped(_ text: String, size: Double) -> [String] {
        let fits = Int((canvasWidth - 2 * Self.margin) / (size * TimelineFont.advance))
        var lines: [String] = []
        for word in text.split(separator: " ") {
            if let last = lines.last, last.count + 1 + word.count <= fits {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(String(word))
            }
        }
        return lines.map { shortened($0, size: size, toFit: canvasWidth - 2 * Self.margin) }
    }
}

extension Timeline.Event {
    /// What the picture writes beside the mark, in words a reader needs no key for.
    var label: String {
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
