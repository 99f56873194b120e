extension Timeline {
    /// What happened, without the times: each section, its lanes sorted by name, and each lane's
    /// events in order with their details and threads, one per line.
    ///
    /// This is what reads the same on every run of a chapter: lanes are sorted so that which of two
    /// concurrent subscribers fired first does not matter, while the order within a lane does.
    public var stableSequence: String {
        stableSequence(of: sections)
    }

    /// The stable sequence of some of the sections, as a rule's own picture embeds it.
    public func stableSequence(of sections: [Section]) -> String {
        var lines = ["timeline: \(title)"]
        for section in sections {
            lines.append("section: \(section.title.isEmpty ? "(untitled)" : section.title)")
            if let caption = section.caption { lines.append("  caption: \(caption)") }
            for lane in section.lanes.sorted() {
                lines.append("  lane: \(lane)")
                for event in Self.stableOrder(of: section.events.filter { $0.lane == lane }, lane: lane) {
                    lines.append("    " + event.stableDescription)
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension Timeline {
    /// A lane's events in the order that holds on every run.
    ///
    /// That is the recorded order, except on the server lane. There each request is recorded when
    /// its handler runs, which on a loaded machine can be after a later request's, so the lane is
    /// put in the order of the times its events carry (a request's is its arrival). And the moment
    /// the server notices that a client left (a `cancel`) races with other clients' requests
    /// arriving: the cancels follow the lane's other events, still in their own order.
    static func stableOrder(of events: [Event], lane: String) -> [Event] {
        guard lane == serverLane else { return events }
        let byTime = events.enumerated().sorted {
            ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
        }
        .map(\.element)
        return byTime.filter { $0.kind != .cancel } + byTime.filter { $0.kind == .cancel }
    }
}

extension Timeline.Event {
    /// The kind, the detail, and the thread: `value 200 (off main)`.
    var stableDescription: String {
        let thread = onMainThread ? "(main)" : "(off main)"
        return [kind.rawValue, detail, thread].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
