import Foundation
import Quantities
import Timelines

/// Everything a timeline picture can draw that needs explaining, in the order the legend lists it.
///
/// A mark's colour says what happened and its shape on which thread: a circle off the main thread,
/// a square on it. How a stream ended has shapes of its own, as marble diagrams draw them: a
/// finish is a bar, a failure a cross, a cancel a diamond. The legend draws each kind of mark in
/// its shape, a circle where the thread decides, and the two thread shapes in grey.
enum LegendEntry: String, CaseIterable {
    case subscribe, demand, value, finished, failed, cancel, retry, action, note
    case exited, crashed
    case waiting, stillWaiting
    case request, response, hangUp, serverBar, noAnswer
    case wait, hop
    case offMain, onMain

    static let markRadius = 7.0

    init(_ event: Timeline.Event) {
        switch event.kind {
        case .subscribe: self = .subscribe
        case .demand: self = .demand
        case .request: self = .request
        case .response: self = .response
        case .hangUp: self = .hangUp
        case .value: self = .value
        case .completion: self = event.detail == "finished" ? .finished : .failed
        case .cancel: self = .cancel
        case .retry: self = .retry
        case .note: self = .note
        case .action: self = .action
        case .wait: self = .wait
        case .exit: self = event.detail == "exit 0" ? .exited : .crashed
        }
    }

    var meaning: String {
        switch self {
        case .subscribe: "subscribe"
        case .demand: "demand asked of the stage"
        case .value: "value"
        case .finished: "finished"
        case .failed: "failed"
        case .cancel: "cancel"
        case .retry: "retry"
        case .action: "the client's own action"
        case .note: "note"
        case .exited: "process exits"
        case .crashed: "process killed by a signal"
        case .waiting: "subscribed, waiting"
        case .stillWaiting: "still waiting when the rule ended"
        case .request: "request reaches the server"
        case .response: "server answers"
        case .hangUp: "server hangs up, no answer"
        case .serverBar: "server at work"
        case .noAnswer: "server never answers"
        case .wait: "scheduled wait before the next attempt"
        case .hop: "hop to another thread"
        case .offMain: "circle: off the main thread"
        case .onMain: "square: on the main thread"
        }
    }

    var colour: String {
        switch self {
        case .subscribe: "#2b6cb0"
        case .demand: "#975a16"
        case .value: "#2f855a"
        case .finished: "#1a202c"
        case .failed: "#c53030"
        case .cancel: "#dd6b20"
        case .retry: "#b7791f"
        case .action: "#5f7a00"
        case .note: "#718096"
        case .exited: "#4a5568"
        case .crashed: "#9b2c2c"
        case .waiting, .stillWaiting: "#cbd5e0"
        case .request: "#6b46c1"
        case .response, .hangUp: "#b83280"
        case .serverBar, .noAnswer: "#d6bcfa"
        case .wait: "#a0522d"
        case .hop: "#00838f"
        case .offMain, .onMain: "#e2e8f0"
        }
    }

    /// Drawn as a bar along a row rather than as a mark at one moment.
    var isBar: Bool {
        switch self {
        case .waiting, .stillWaiting, .serverBar, .noAnswer, .wait: true
        default: false
        }
    }

    /// How a bar of this entry is dashed; nil for a solid one.
    var dashes: String? {
        switch self {
        case .stillWaiting, .noAnswer: "10 6"
        default: nil
        }
    }

    var barWidth: Double { self == .wait ? 3 : 5 }

    /// Drawn in the shape of the thread it happened on; the end of a stream (finished, failed,
    /// cancelled), a server's answer, a child process's end and a hop have shapes of their own.
    var showsThread: Bool {
        ![.finished, .failed, .cancel, .hangUp, .hop, .exited, .crashed].contains(self)
    }

    /// An event's mark centred at `x`, `y`: a circle off the main thread, a square on it; a bar for
    /// a finish or an exit, a cross for a failure, a hang-up or a crash, a diamond for a cancel.
    /// `recorded` is the event it stands for, which the mark names with its position in its section
    /// (for the page that reveals the marks step by step) and with the time and thread the run
    /// recorded (for the check that the picture draws it where and when it happened); a mark that
    /// stands for no event of its own (a hop) names the event it is `revealedWith` instead, and one
    /// that stands for repeated events besides its own (a row of repeated requests) names them in
    /// `standingFor`.
    func drawMark(
        in canvas: inout TimelineCanvas, x: Double, y: Double, onMainThread: Bool,
        recorded: RecordedMark? = nil, revealedWith other: Int? = nil, standingFor repeats: [Int] = []
    ) {
        let thread = onMainThread ? LegendEntry.onMain : .offMain
        let kind = "mark \(rawValue)" + (showsThread ? " \(thread.rawValue)" : "")
        let extra =
            (recorded?.attributes ?? [])
            + (other.map { [("data-events", String($0))] } ?? [])
            + (repeats.isEmpty ? [] : [("data-repeats", repeats.map(String.init).joined(separator: " "))])
        drawShape(in: &canvas, x: x, y: y, square: onMainThread && showsThread, kind: kind, extra: extra)
    }

    /// The entry's key in the legend, centred at `x`, `y`.
    func drawKey(in canvas: inout TimelineCanvas, x: Double, y: Double) {
        let kind = "key \(rawValue)"
        if isBar {
            canvas.line(
                x1: x - 10, y1: y, x2: x + 10, y2: y, colour: colour, width: barWidth, dashes: dashes,
                kind: kind)
        } else {
            drawShape(in: &canvas, x: x, y: y, square: self == .onMain, kind: kind)
        }
    }

    private func drawShape(
        in canvas: inout TimelineCanvas, x: Double, y: Double, square: Bool, kind: String,
        extra: [(String, String)] = []
    ) {
        let r = Self.markRadius
        switch self {
        case .failed, .hangUp, .crashed:
            canvas.cross(x: x, y: y, radius: r, colour: colour, kind: kind, extra: extra)
        case .cancel:
            canvas.diamond(x: x, y: y, radius: r + 1, colour: colour, kind: kind, extra: extra)
        case .finished, .exited:
            canvas.rect(
                x: x - 3, y: y - r - 2, width: 6, height: 2 * r + 4, fill: colour, stroke: colour, kind: kind,
                extra: extra)
        case .hop:
            canvas.rect(
                x: x - 1.5, y: y - 10, width: 3, height: 20, fill: colour, stroke: colour, kind: kind,
                extra: extra)
        case _ where square:
            canvas.rect(
                x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: colour, stroke: "#1a202c", kind: kind,
                extra: extra)
        case .offMain:
            // Not a kind of event but the shape every kind takes off the main thread: pale, outlined.
            canvas.circle(x: x, y: y, radius: r, fill: colour, stroke: "#1a202c", kind: kind, extra: extra)
        default:
            canvas.circle(x: x, y: y, radius: r, fill: colour, stroke: "#ffffff", kind: kind, extra: extra)
        }
    }

    /// A bar of this entry along a row, from `start` to `end`. On the stepping page it grows from
    /// the first of its `ends` (`data-from`) to the second (`data-to`; none for a bar that never
    /// ended); a bar that is an event itself (a scheduled wait) names it as its `event`.
    func drawBar(
        in canvas: inout TimelineCanvas, from start: Double, to end: Double, y: Double,
        ends: (Int, Int?)? = nil, event: Int? = nil
    ) {
        var extra: [(String, String)] = []
        if let ends {
            extra.append(("data-from", String(ends.0)))
            if let to = ends.1 { extra.append(("data-to", String(to))) }
        }
        if let event { extra.append(("data-event", String(event))) }
        canvas.line(
            x1: start, y1: y, x2: end, y2: y, colour: colour, width: barWidth, dashes: dashes,
            kind: "bar \(rawValue)", extra: extra)
    }
}

/// The event a mark stands for, as the mark names it: its position in its section, the section's
/// position in the picture, and when and on which thread the run recorded it.
struct RecordedMark {
    let section: Int
    let mark: SectionLayout.Mark

    var attributes: [(String, String)] {
        [
            ("data-event", String(mark.index)), ("data-section", String(section)),
            ("data-at", String(format: "%.4f", mark.event.offset.milliseconds)),
            ("data-thread", mark.event.onMainThread ? "main" : "off main"),
        ]
    }
}
