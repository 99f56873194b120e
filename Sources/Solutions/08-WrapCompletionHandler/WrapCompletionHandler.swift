import Combine
import ExerciseSupport
import Foundation
import Locking
import TypedClient

// Exercise 8 · Three ways: a reference solution.
//
// The publisher is a Future made per subscriber by Deferred, so nothing starts before a
// subscription, with the download's handle cancelled when the subscription is. The async function
// resumes a non-throwing continuation with the download's Result and throws from `result.get()`, so
// the error stays an APIError; a cancellation handler cancels the download, or stops it starting.

/// The user at `url` as a publisher: each subscription starts one download, and cancelling the
/// subscription cancels it.
public func userPublisher(from url: URL, using downloader: UserDownloader) -> AnyPublisher<User, APIError> {
    Deferred {
        // Future runs this closure as it is created, so `download` is set before anyone can cancel.
        var download: DownloadHandle?
        let future = Future<User, APIError> { promise in
            let promise = Locked(promise)
            download = downloader.load(url) { result in promise.withLock { $0(result) } }
        }
        return future.handleEvents(receiveCancel: { [download] in download?.cancel() })
    }
    .eraseToAnyPublisher()
}

/// The user at `url`, awaited: cancelling the awaiting task cancels the download.
public func user(from url: URL, using downloader: UserDownloader) async throws(APIError) -> User {
    let download = Locked(Download.notStarted)
    let result = await withTaskCancellationHandler {
        await withCheckedContinuation { answer in
            let started = download.withLock { download in
                guard case .notStarted = download else { return false }
                download = .started(downloader.load(url) { answer.resume(returning: $0) })
                return true
            }
            if !started { answer.resume(returning: .failure(.transport(.cancelled))) }
        }
    } onCancel: {
        download.withLock { $0.cancel() }?.cancel()
    }
    return try result.get()
}

/// Where one awaited download stands. The task may be cancelled before the download starts (even
/// before the call), so the cancel is remembered, and a cancelled download never starts.
private enum Download {
    case notStarted
    case started(DownloadHandle)
    case cancelled

    /// Marks the download cancelled and hands back the handle to cancel, if it had started.
    mutating func cancel() -> DownloadHandle? {
        defer { self = .cancelled }
        guard case .started(let handle) = self else { return nil }
        return handle
    }
}
