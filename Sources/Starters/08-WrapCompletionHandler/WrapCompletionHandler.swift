import Combine
import ExerciseSupport
import Foundation
import Locking
import TypedClient

// Exercise 8 · Three ways
//
// An older part of the app downloads users through a completion handler:
//     let handle = downloader.load(url) { result in … }   // result: Result<User, APIError>
//     handle.cancel()                                      // cancels the URLSession task
// It calls back exactly once, later, on a URLSession queue; after cancel() with .transport(.cancelled).
// Newer code wants the same download as a Combine publisher and as an async function, keeping
// what the handler gets right: nothing is sent until someone asks, the error is still an APIError,
// and giving up cancels the request. Locked (from Locking) carries what is not Sendable into a
// closure that must be.
//
// Check it with `swift run workbook check 8`; stuck, `swift run workbook hint 8`.

/// The user at `url` as a publisher: each subscription starts one download, and cancelling the
/// subscription cancels it.
public func userPublisher(from url: URL, using downloader: UserDownloader) -> AnyPublisher<User, APIError> {
    // ✏️ Your work goes here: start the download when someone subscribes, cancel it when they cancel.
    Empty().eraseToAnyPublisher()
}

/// The user at `url`, awaited: cancelling the awaiting task cancels the download.
public func user(from url: URL, using downloader: UserDownloader) async throws(APIError) -> User {
    // ✏️ Your work goes here: wait for the download's one callback, and cancel it with the task.
    throw .transport(.unknown)
}
