import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import Locking
import TypedClient

/// Wrong: a `Future` without `Deferred`: it starts the download as it is created, subscriber or not.
func futureWithoutDeferred(from url: URL, using downloader: UserDownloader) -> AnyPublisher<User, APIError> {
    let download = Locked<DownloadHandle?>(nil)
    return Future<User, APIError> { promise in
        let promise = Locked(promise)
        download.withLock { $0 = downloader.load(url) { result in promise.withLock { $0(result) } } }
    }
    .handleEvents(receiveCancel: { download.withLock { $0 }?.cancel() })
    .eraseToAnyPublisher()
}

/// Wrong: the handle `load` returns is dropped, so cancelling the subscription leaves the download
/// running.
func handleDropped(from url: URL, using downloader: UserDownloader) -> AnyPublisher<User, APIError> {
    Deferred {
        Future<User, APIError> { promise in
            let promise = Locked(promise)
            _ = downloader.load(url) { result in promise.withLock { $0(result) } }
        }
    }
    .eraseToAnyPublisher()
}

/// Wrong: a continuation with no cancellation handler: the task's cancel never reaches the download.
func awaitedWithoutCancelling(from url: URL, using downloader: UserDownloader) async throws(APIError) -> User
{
    let result = await withCheckedContinuation { answer in
        _ = downloader.load(url) { answer.resume(returning: $0) }
    }
    return try result.get()
}

/// Wrong: the cancellation handler cancels a download under way, but a cancel that comes before the
/// download starts (a task cancelled already) is forgotten, and the download starts regardless.
func earlyCancelForgotten(from url: URL, using downloader: UserDownloader) async throws(APIError) -> User {
    let download = Locked<DownloadHandle?>(nil)
    let result = await withTaskCancellationHandler {
        await withCheckedContinuation { answer in
            download.withLock { $0 = downloader.load(url) { answer.resume(returning: $0) } }
        }
    } onCancel: {
        download.withLock { $0 }?.cancel()
    }
    return try result.get()
}
