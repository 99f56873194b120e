import Foundation
import Harness
import LoopbackLab
import Quantities
import Timelines
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One download's result as a report row and a timeline event read it.
typealias ImageResult = Result<ImageDescription, APIError>

extension ImageDescription {
    /// The picture the image routes send.
    static let sample = ImageDescription(width: PNGImage.sampleWidth, height: PNGImage.sampleHeight)
}

extension Result where Success == ImageDescription, Failure == APIError {
    /// The image, or the failure as `APIError` names it: `16×9 PNG`, `.status(404)`.
    var summary: String {
        switch self {
        case .success(let image): image.description
        case .failure(let failure): failure.description
        }
    }

    /// The failure, if it is one.
    var failure: APIError? {
        guard case .failure(let failure) = self else { return nil }
        return failure
    }
}

extension Timeline {
    /// Records a download's result on `lane`: the image as a value, a failure as the completion.
    func record(lane: String, _ result: ImageResult) {
        switch result {
        case .success(let image): record(.value, lane: lane, detail: image.description)
        case .failure(let failure): record(.completion, lane: lane, detail: failure.description)
        }
    }
}

/// Downloads `url` the async way and records on `lane` the call and its result; the request it
/// sends is drawn under the lane.
func recordedImage(lane: String, from url: URL, session: URLSession) async -> ImageResult {
    Timeline.current?.noteCalls(onLanes: [lane])
    Timeline.current?.record(.action, lane: lane, detail: "try await image(from:session:)")
    let result: ImageResult
    do {
        result = .success(try await image(from: url, session: session))
    } catch {
        result = .failure(error)
    }
    Timeline.current?.record(lane: lane, result)
    return result
}

/// Where a completion handler was called, and with what.
struct HandlerCall: Equatable, Sendable {
    var result: ImageResult
    var onMainThread: Bool
    var onDelegateQueue: Bool

    var summary: String {
        result.summary + ", " + (onDelegateQueue ? "on the session's delegate queue, " : "")
            + (onMainThread ? "on the main thread" : "off the main thread")
    }
}

/// Downloads `url` with `downloadImage` and returns the one call of its completion handler, noting
/// where it ran and recording on the "completion handler" lane the download and the handler's
/// call, on the thread and at the time it ran; the request it sends is drawn under the lane.
func completionHandlerCall(_ url: URL, session: URLSession) async -> HandlerCall {
    let lane = "completion handler"
    let timeline = Timeline.current
    timeline?.noteCalls(onLanes: [lane])
    timeline?.record(.action, lane: lane, detail: "downloadImage(from:session:)")
    return await withCheckedContinuation { answer in
        downloadImage(from: url, session: session) { result in
            timeline?.record(lane: lane, result)
            answer.resume(
                returning: HandlerCall(
                    result: result, onMainThread: Thread.isMainThread,
                    onDelegateQueue: OperationQueue.current === session.delegateQueue))
        }
    }
}

/// How often a completion handler had been called when the call that took it returned, and once
/// the answer had come.
struct EscapingCall: Equatable, Sendable {
    var callsWhenItReturned: Int
    var callsAfterTheAnswer: Int

    var summary: String {
        "returned with the handler called \(counted(callsWhenItReturned, "time")); "
            + "called \(counted(callsAfterTheAnswer, "time")) once the answer came"
    }
}

/// What a data task that nobody resumed did.
struct UnresumedTask: Equatable, Sendable {
    var state: String
    var requestsAtServer: Int
    var handlerCalls: Int

    var summary: String {
        "task \(state), \(counted(requestsAtServer, "request")) at the server, "
            + "handler called \(counted(handlerCalls, "time"))"
    }
}

/// What a subscriber received, counted.
struct Deliveries: Equatable, Sendable {
    var values: Int
    var completions: Int

    static let none = Deliveries(values: 0, completions: 0)

    var summary: String {
        (values == 0 ? "no value" : counted(values, "value")) + ", "
            + (completions == 0 ? "no completion" : counted(completions, "completion"))
    }
}

/// The image each way returned for the same URL.
struct ThreeImages: Equatable, Sendable {
    var completionHandler: ImageResult
    var combine: Result<[ImageDescription], APIError>
    var asyncAwait: ImageResult

    var summary: String {
        "completion handler \(completionHandler.summary), Combine \(describe(combine)), "
            + "async/await \(asyncAwait.summary)"
    }
}

/// A 404 and a refused connection, as `try?` and as the typed error see them.
///
/// Each answer is recorded on the timeline as it is set, which is when its call ended.
struct TwoFailures: Equatable, Sendable {
    var missingWithTry: ImageDescription? { didSet { recordOptional(missingWithTry, for: "the 404") } }
    var refusedWithTry: ImageDescription? {
        didSet { recordOptional(refusedWithTry, for: "the refused connection") }
    }
    var missingTyped: APIError? { didSet { recordError(missingTyped) } }
    var refusedTyped: APIError? { didSet { recordError(refusedTyped) } }

    /// Two nils look alike, so the picture says which call each answered.
    private func recordOptional(_ image: ImageDescription?, for call: String) {
        Timeline.current?.record(
            .value, lane: "try?", detail: (image.map(\.description) ?? "nil") + " for " + call)
    }

    private func recordError(_ failure: APIError?) {
        Timeline.current?.record(.completion, lane: "typed error", detail: failure?.description ?? "none")
    }

    var summary: String {
        let optional = { (image: ImageDescription?) in image?.description ?? "nil" }
        let typed = { (failure: APIError?) in failure?.description ?? "no error" }
        return "try?: \(optional(missingWithTry)) and \(optional(refusedWithTry)); "
            + "typed: \(typed(missingTyped)) and \(typed(refusedTyped))"
    }
}

/// How an awaited download that was cancelled ended, at each end.
struct CancelledDownload: Equatable, Sendable {
    /// What `image(from:session:)` threw.
    var thrown: ImageResult
    /// The session's data task's state and error once it ended.
    var sessionTask: String
    var serverSawClientLeave: Bool

    var summary: String {
        "threw \(thrown.summary); session task \(sessionTask); "
            + serverSide(clientLeft: serverSawClientLeave)
    }
}

/// What became of an owner's two downloads after the owner was cancelled: one in an unstructured
/// `Task`, one in a structured child (`async let`).
struct TaskLifetimes: Equatable, Sendable {
    var unstructured: ImageResult
    var unstructuredCancelled: Bool
    var child: ImageResult
    var childServerSawClientLeave: Bool

    var summary: String {
        "unstructured: \(unstructured.summary)"
            + (unstructuredCancelled ? ", cancelled" : ", never cancelled")
            + "; child: \(child.summary)"
            + (childServerSawClientLeave ? ", server: client left" : ", server: no client leaving seen")
    }
}

/// What a `for try await` loop over a publisher's `values` saw.
struct LoopRun: Equatable, Sendable {
    var images: [ImageDescription]
    /// What the loop threw, if it threw, as `APIError` when it is one.
    var thrown: String?

    var summary: String {
        (images.isEmpty ? "no image" : images.map(\.description).joined(separator: ", "))
            + (thrown.map { ", then threw \($0)" } ?? ", then the loop ended")
    }
}
