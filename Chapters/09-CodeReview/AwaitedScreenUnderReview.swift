import Foundation
import Harness
import LoopbackLab
import Observation
import TimeControl
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two async shapes of the list screen the review compares.
enum AwaitedShape {
    /// `MigratedListModel`: the article's screen moved to async/await as it was.
    case migrated
    /// `AwaitedReviewedListModel`: the same with the review's fixes.
    case reviewed

    /// A model of this shape loading `source`.
    @MainActor
    func model(loading source: AwaitedListSource) -> any AwaitedListScreenModel {
        switch self {
        case .migrated: MigratedListModel(source: source)
        case .reviewed: AwaitedReviewedListModel(source: source)
        }
    }
}

/// One async list screen of either shape, loading one URL on a session of its own with a decoder
/// that notes where it ran, and drawn on the timeline's `screen` lane as it changes.
@MainActor
struct AwaitedScreenUnderReview {
    let model: any AwaitedListScreenModel
    let decoder: WatchedDecoder
    let session: URLSession

    init(_ shape: AwaitedShape, loading url: URL, lane: String = "screen") {
        session = URLSession(configuration: Lab.sessionConfiguration())
        decoder = WatchedDecoder(watching: session)
        model = shape.model(loading: AwaitedListSource(url: url, session: session, decoder: decoder))
        drawChanges(of: model, on: lane, timeline: Timeline.current)
    }

    /// Shows the screen and waits until the server has its request and it has stopped loading;
    /// returns what it then shows.
    func shownOnceLoaded(in lab: Lab, url: URL) async -> ListScreen {
        model.appear()
        _ = await until { lab.requestCount(for: url) > 0 }
        _ = await until { !model.isLoading }
        await screenRedrawn()
        return model.shown
    }

    /// Lets the session go once its tasks are done.
    func close() {
        session.finishTasksAndInvalidate()
    }
}

/// Draws what `model` shows on `lane` now, and again after each change, the way SwiftUI reads an
/// `@Observable` model: observation tracking says that something the screen read will change, and
/// the screen is read again on the main actor once the change has been made. Changes made together,
/// with no `await` between them, are one redraw, as on a real screen. The model is held weakly, so
/// watching it does not keep it alive.
@MainActor
func drawChanges(of model: any AwaitedListScreenModel, on lane: String, timeline: Timeline?) {
    let shown = withObservationTracking {
        model.shown
    } onChange: { [weak model] in
        Task { @MainActor in
            if let model { drawChanges(of: model, on: lane, timeline: timeline) }
        }
    }
    timeline?.record(.value, lane: lane, detail: shown.summary)
}

/// Returns once the main actor has run what was queued on it before this call, the redraw of the
/// last change included: that change was made, and its redraw queued, in a turn of the main actor
/// that ended before the caller saw it.
@MainActor
func screenRedrawn() async {
    await Task.yield()
}
