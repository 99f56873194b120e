import Foundation
import Harness
import LoopbackLab
import TimeControl

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two shapes of the list screen the review compares.
enum Shape {
    /// `ArticleListModel`: the article's pipeline.
    case asWritten
    /// `ReviewedListModel`: the pipeline with the review's fixes.
    case reviewed
}

/// One list screen of either shape, loading one URL on a session of its own and delivering on the
/// main queue, as an app's screen does, with a decoder that notes where it ran.
struct ScreenUnderReview {
    let model: any ListScreenModel
    let decoder: WatchedDecoder
    let session: URLSession

    init(_ shape: Shape, loading url: URL) {
        session = URLSession(configuration: Lab.sessionConfiguration())
        decoder = WatchedDecoder(watching: session)
        let source = ListSource(url: url, session: session, deliveryQueue: .main, decoder: decoder)
        model =
            switch shape {
            case .asWritten: ArticleListModel(source: source)
            case .reviewed: ReviewedListModel(source: source)
            }
    }

    /// Shows the screen and waits until it has stopped loading; returns what it then shows.
    func shownOnceLoaded() async -> ListScreen {
        model.appear()
        _ = await until { !model.screen.current.isLoading }
        return model.screen.current
    }

    /// Lets the session go once its tasks are done.
    func close() {
        session.finishTasksAndInvalidate()
    }
}

/// Waits until the main queue has run everything sent to it before this call, so a change to a
/// screen that was already on its way has been made.
func mainQueueDrained() async {
    await withCheckedContinuation { drained in
        DispatchQueue.main.async { drained.resume() }
    }
}
