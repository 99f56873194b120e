import Foundation
import Harness
import Locking
import Quantities
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the user list screen shows: the article view's three pieces of state.
struct ListScreen: Equatable, Sendable {
    /// The names in the list, in the order the server sent them.
    var users: [String] = []
    /// Whether the loading indicator is on.
    var isLoading = false
    /// The message in place of the list when a load failed.
    var errorMessage: String?

    /// The screen as a timeline labels it: `loading`, `3 users`, the message, or `empty`.
    var summary: String {
        let parts =
            [isLoading ? "loading" : nil, users.isEmpty ? nil : counted(users.count, "user")]
            + [errorMessage.map { "“\($0)”" }]
        let shown = parts.compactMap { $0 }
        return shown.isEmpty ? "empty" : shown.joined(separator: ", ")
    }
}

/// The screen's state. The pipeline changes it on its delivery queue while whoever looks at the
/// screen reads it from elsewhere, so it lives under a lock; each change is drawn on the
/// timeline's `screen` lane (or the one `laneForNewScreens` names), noting whether it was made on
/// the main thread.
final class ScreenState: Sendable {
    /// The lane the screens made now are drawn on: `screen`, or a lane of each one's own where a
    /// rule loads several one after another, so that their labels do not crowd one row.
    @TaskLocal static var laneForNewScreens = "screen"

    private let shown = Locked(ListScreen())
    private let timeline = Timeline.current
    private let lane = ScreenState.laneForNewScreens

    /// A screen whose changes the pipeline hands to the main queue with `receive(on:)`; a decode
    /// written after it runs there too, so the hop comes before that decode.
    init() {
        timeline?.noteHops(onLane: lane, by: "receive(on: DispatchQueue.main)", along: ["decode"])
    }

    var current: ListScreen { shown.withLock { $0 } }

    func change(_ update: (inout ListScreen) -> Void) {
        shown.withLock { screen in
            update(&screen)
            timeline?.record(.value, lane: lane, detail: screen.summary)
        }
    }
}

/// Where a list screen loads from, and what it loads with.
struct ListSource: Sendable {
    var url: URL
    var session: URLSession
    /// Where the screen's state is changed: `DispatchQueue.main` in an app.
    var deliveryQueue: DispatchQueue
    var decoder: JSONDecoder
}

/// A list screen as a rule drives it: shown (the view's `onAppear`), closed (`onDisappear`), and
/// looked at.
protocol ListScreenModel {
    var screen: ScreenState { get }
    func appear()
    func disappear()
}
