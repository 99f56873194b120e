import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import TypedClient

/// A publisher of the variant's and the right async function, or the other way round.
private func publisher(
    _ publisher: @escaping @Sendable (URL, UserDownloader) -> AnyPublisher<User, APIError>
)
    -> WrapCompletionHandlerCode
{
    WrapCompletionHandlerCode(publisher: publisher, awaited: userThroughValues(from:using:))
}

private func awaited(
    _ awaited: @escaping @Sendable (URL, UserDownloader) async throws(APIError) -> User
)
    -> WrapCompletionHandlerCode
{
    WrapCompletionHandlerCode(
        publisher: { url, downloader in
            DownloadPublisher(url: url, downloader: downloader).eraseToAnyPublisher()
        },
        awaited: awaited)
}

private let alreadyCancelled = "a task cancelled before the call throws .transport(.cancelled)"

let wrapCompletionHandlerVariants: [AnswerVariant] = [
    .wrong(
        8, "a Future without Deferred", publisher(futureWithoutDeferred(from:using:)),
        rejectedBy: ["creating the publisher sends no request": "1 request, no subscriber"]),
    .wrong(
        8, "the download's handle dropped", publisher(handleDropped(from:using:)),
        rejectedBy: [
            "cancelling the subscription cancels the request":
                "no value, no completion; server: the request was still open after the cancel"
        ]),
    .wrong(
        8, "a continuation without a cancellation handler", awaited(awaitedWithoutCancelling(from:using:)),
        rejectedBy: [
            "cancelling the task cancels the request":
                "still waiting after the cancel; server: the request was still open after the cancel",
            alreadyCancelled: #"returned User(id: 3, name: "Slow Sam")"#,
        ]),
    .wrong(
        8, "a cancel before the download starts forgotten", awaited(earlyCancelForgotten(from:using:)),
        rejectedBy: [alreadyCancelled: #"returned User(id: 3, name: "Slow Sam")"#]),
    .right(
        8, "a publisher of its own, awaited through values",
        WrapCompletionHandlerCode(
            publisher: { url, downloader in
                DownloadPublisher(url: url, downloader: downloader).eraseToAnyPublisher()
            },
            awaited: userThroughValues(from:using:))),
]
