import Foundation
import Quantities
import Timelines

extension Timeline {
    /// The run as one self-contained HTML page to explore: a button per rule, each rule's picture,
    /// steps through its events in the order they happened, and a mark's time, lane, thread and
    /// detail when it is pointed at, focused or tapped.
    ///
    /// Everything is in the page: the pictures as inline SVG, the events as JSON, a little
    /// hand-written script; nothing is loaded from anywhere. An address ending in
    /// `#rule=2&step=3&event=5` opens the third rule at its third event, with the sixth event's
    /// details shown; one the page does not understand says so and opens the first rule at its
    /// start. The page follows the reader: it scrolls the current mark into view, keeps the lane
    /// names in sight when a picture scrolls sideways, and shows a lane's name with its first event.
    public var html: String {
        let pictures = zip(sections, rulePictures).enumerated().map { index, pair in
            "<section class=\"rule\" data-rule=\"\(index)\" hidden>\n\(pair.1.svg)</section>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(TimelineXML.escaped(title)): step through a real run</title>
            <style>
            body { font-family: DejaVu Sans Mono, Menlo, Consolas, monospace; margin: 1em; color: #1a202c; }
            nav button, #controls button { font: inherit; margin: 0 0.4em 0.4em 0; padding: 0.3em 0.6em; }
            nav { display: flex; overflow-x: auto; }
            nav button { flex: none; }
            #controls { position: sticky; top: 0; background: #ffffff; z-index: 1; padding-top: 0.3em; }
            #address:not(:empty) { display: block; color: #9b2c2c; margin: 0.4em 0; }
            nav button[aria-pressed="true"] { background: #2b6cb0; color: #ffffff; }
            section.rule { overflow-x: auto; }
            section.rule svg { max-width: none; height: auto; }
            [data-event] { cursor: pointer; }
            [data-current="true"] { stroke: #e53e3e; stroke-width: 4px; }
            [data-event]:focus { outline: 2px solid #2b6cb0; }
            #step, #details { display: block; min-height: 1.4em; margin: 0.4em 0; }
            </style>
            </head>
            <body>
            <h1>\(TimelineXML.escaped(title)): step through a real run</h1>
            <p>Choose a rule, then step through what happened in the order it happened (the arrow keys step too).
            Point at or tap a mark to see when it happened, where, and on which thread.</p>
            <nav id="rules" aria-label="rules"></nav>
            <div id="controls">
            <button id="start">start</button><button id="previous">◀ previous</button><button id="next">next ▶</button><button id="all">all</button>
            <output id="step"></output>
            </div>
            <output id="details">Point at or tap a mark for its details.</output>
            <output id="address"></output>
            \(pictures.joined(separator: "\n"))
            <script type="application/json" id="timeline-data">\(eventsJSON)</script>
            <script>
            \(Self.pageScript)
            </script>
            </body>
            </html>

            """
    }

    /// The events as the page's script reads them: per rule, its title and its events in the order
    /// recorded, each with its time already written out, so the page shows the measured values.
    var eventsJSON: String {
        struct Event: Encodable {
            let kind, lane, label, time, thread: String
            let milliseconds: Double
        }
        struct Rule: Encodable {
            let title: String
            let events: [Event]
        }
        let rules = sections.map { section in
            Rule(
                title: section.title,
                events: section.events.map { event in
                    Event(
                        kind: event.kind.rawValue, lane: event.lane, label: event.label,
                        time: event.offset.preciseMilliseconds,
                        thread: event.onMainThread ? "on the main thread" : "off the main thread",
                        milliseconds: event.offset.milliseconds)
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: (try? encoder.encode(rules)) ?? Data("[]".utf8), as: UTF8.self)
        // Inside a script element only `</` could end it early.
        return json.replacingOccurrences(of: "</", with: "<\\/")
    }

    /// The page's behaviour, small enough to read in one go.
    static let pageScript = """
        const rules = JSON.parse(document.getElementById("timeline-data").textContent);
        const sections = [...document.querySelectorAll("section.rule")];
        const stepText = document.getElementById("step");
        const details = document.getElementById("details");
        let rule = 0;
        let step = 0;

        // A rule's events in the order they happened; the record order settles ties.
        function timeOrder(index) {
          return rules[index].events.map((event, position) => position)
            .sort((a, b) => rules[index].events[a].milliseconds - rules[index].events[b].milliseconds || a - b);
        }

        function describe(event) {
          return event.time + " · " + event.lane + " · " + event.label + " · " + event.thread;
        }

        // Shows the rule at its step; with `follow`, scrolls its current mark into view.
        function show(follow) {
          const order = timeOrder(rule);
          const revealed = new Set(order.slice(0, step));
          sections.forEach((section, index) => { section.hidden = index !== rule; });
          document.querySelectorAll("#rules button").forEach((button, index) => {
            button.setAttribute("aria-pressed", String(index === rule));
          });
          const section = sections[rule];
          const events = rules[rule].events;
          const current = step === 0 ? -1 : order[step - 1];
          const now = step === 0 ? 0 : events[current].milliseconds;
          const anyShown = (list) => list.split(" ").some((event) => revealed.has(Number(event)));
          section.querySelectorAll("[data-event]").forEach((mark) => {
            const shown = revealed.has(Number(mark.dataset.event));
            mark.dataset.shown = String(shown);
            mark.dataset.current = String(Number(mark.dataset.event) === current);
            mark.setAttribute("visibility", shown ? "visible" : "hidden");
          });
          // A label, and each part of one, shows once an event it names has happened; a row's
          // title, once its first event has.
          section.querySelectorAll("[data-events]").forEach((label) => {
            label.setAttribute("visibility", anyShown(label.dataset.events) ? "visible" : "hidden");
          });
          section.querySelectorAll("[data-row-events]").forEach((title) => {
            title.setAttribute("visibility", anyShown(title.dataset.rowEvents) ? "visible" : "hidden");
          });
          // A bar grows from its first event to its second as the time of the current step passes.
          section.querySelectorAll("line[data-from]").forEach((bar) => {
            bar.dataset.end = bar.dataset.end || bar.getAttribute("x2");
            const from = Number(bar.dataset.from);
            const to = bar.dataset.to === undefined ? null : Number(bar.dataset.to);
            const x1 = Number(bar.getAttribute("x1"));
            const x2 = Number(bar.dataset.end);
            const start = events[from].milliseconds;
            const end = to === null ? Math.max(...events.map((event) => event.milliseconds)) : events[to].milliseconds;
            const done = to === null ? step === events.length : revealed.has(to);
            const fraction = done ? 1 : end > start ? Math.min(Math.max((now - start) / (end - start), 0), 1) : 0;
            bar.setAttribute("visibility", revealed.has(from) ? "visible" : "hidden");
            bar.setAttribute("x2", String(x1 + (x2 - x1) * fraction));
          });
          const count = order.length;
          stepText.textContent = step === 0
            ? "before the first of " + count + " events: step on to see it"
            : "event " + step + " of " + count + ": " + describe(rules[rule].events[order[step - 1]]);
          stepText.dataset.step = String(step);
          const mark = section.querySelector('[data-current="true"]');
          if (follow && mark) mark.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
        }

        // Each picture's row titles stay at the left edge of what shows while it scrolls sideways,
        // on a white column that the marks pass under.
        sections.forEach((section) => {
          const svg = section.querySelector("svg");
          const titles = [...svg.querySelectorAll("[data-row-events]")];
          if (titles.length === 0) return;
          const boxes = titles.map((title) => title.getBBox());
          const pinned = document.createElementNS("http://www.w3.org/2000/svg", "g");
          const column = document.createElementNS("http://www.w3.org/2000/svg", "rect");
          const top = Math.min(...boxes.map((box) => box.y)) - 4;
          column.setAttribute("x", "0");
          column.setAttribute("y", String(top));
          column.setAttribute("width", String(Math.max(...boxes.map((box) => box.x + box.width)) + 6));
          column.setAttribute("height", String(Math.max(...boxes.map((box) => box.y + box.height)) + 4 - top));
          column.setAttribute("fill", "#ffffff");
          column.setAttribute("fill-opacity", "0.92");
          pinned.appendChild(column);
          titles.forEach((title) => pinned.appendChild(title));
          svg.appendChild(pinned);
          section.addEventListener("scroll", () => {
            pinned.setAttribute("transform", "translate(" + section.scrollLeft + " 0)");
          });
        });

        function select(index) {
          const event = rules[rule].events[index];
          if (!event) return;
          details.textContent = describe(event);
          details.dataset.event = String(index);
        }

        function go(newRule, newStep, follow = true) {
          rule = Math.min(Math.max(newRule, 0), rules.length - 1);
          step = Math.min(Math.max(newStep, 0), rules[rule].events.length);
          show(follow);
        }

        rules.forEach((entry, index) => {
          const button = document.createElement("button");
          button.textContent = entry.title + " (" + entry.events.length + (entry.events.length === 1 ? " event)" : " events)");
          button.dataset.events = String(entry.events.length);
          button.addEventListener("click", () => go(index, rules[index].events.length, false));
          document.getElementById("rules").appendChild(button);
        });
        document.querySelectorAll("[data-event]").forEach((mark) => {
          mark.setAttribute("tabindex", "0");
          const choose = () => select(Number(mark.dataset.event));
          ["mouseenter", "focus", "click"].forEach((name) => mark.addEventListener(name, choose));
        });
        document.getElementById("start").addEventListener("click", () => go(rule, 0));
        document.getElementById("previous").addEventListener("click", () => go(rule, step - 1));
        document.getElementById("next").addEventListener("click", () => go(rule, step + 1));
        document.getElementById("all").addEventListener("click", () => go(rule, rules[rule].events.length));
        document.addEventListener("keydown", (key) => {
          if (key.key === "ArrowRight") go(rule, step + 1);
          if (key.key === "ArrowLeft") go(rule, step - 1);
        });

        // An address names a rule, a step of it and an event to detail, each optional; without a
        // step the rule opens with every event shown. One it does not understand says so and opens
        // the first rule at its start.
        const asked = new URLSearchParams(location.hash.slice(1));
        const number = (name) => /^[0-9]+$/.test(asked.get(name) ?? "") ? Number(asked.get(name)) : null;
        const askedRule = asked.has("rule") ? number("rule") : 0;
        const fits = (name, value, most) => !asked.has(name) || (value !== null && value <= most);
        const ruleEvents = askedRule !== null && askedRule < rules.length ? rules[askedRule].events.length : -1;
        const understood = [...asked.keys()].every((name) => ["rule", "step", "event"].includes(name))
          && fits("rule", askedRule, rules.length - 1) && fits("step", number("step"), ruleEvents)
          && fits("event", number("event"), ruleEvents - 1);
        if (understood) {
          go(askedRule, number("step") ?? ruleEvents, asked.has("step"));
          if (asked.has("event")) select(number("event"));
        } else {
          document.getElementById("address").textContent = "The address asks for " + location.hash.slice(1)
            + ", which this page does not have (rules 0 to " + (rules.length - 1)
            + ", steps 0 to the rule's number of events): here is the first rule at its start.";
          go(0, 0, false);
        }
        """
}

extension Duration {
    /// Milliseconds to two decimals, as the page shows a mark's time: `12.35 ms`.
    var preciseMilliseconds: String {
        String(format: "%.2f ms", milliseconds)
    }
}
