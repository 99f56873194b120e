import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads users the way code written before Swift concurrency does: `load` starts the request and
/// returns at once, and the answer comes later, through a completion handler.
///
/// Exercise 8 wraps it as a publisher and as an async function. What a wrapper may rely on:
/// `completion` is called exactly once, later, on one of URLSession's queues (never inside `load`);
/// the request starts when `load` is called, not before; and `DownloadHandle.cancel()` cancels the
/// URLSession task, after which `completion` gets `.transport(.cancelled)` unless the answer had
/// already arrived.
public struct UserDownloader: Sendable {
    private let session: URLSession

    /// A downloader that loads through `session`.
    public init(session: URLSession) {
        self.session = session
    }

    /// Starts loading the user at `url`. `completion` gets the user, or the `APIError` that says
    /// which kind of trouble stopped it; the handle cancels the download.
    public func load(
        _ url: URL, completion: @escaping @Sendable (Result<User, APIError>) -> Void
    ) -> DownloadHandle {
        let task = session.dataTask(with: url) { data, response, error in
            completion(userResult(data: data, response: response, error: error))
        }
        task.resume()
        return DownloadHandle(task: task)
    }
}

/// One download started by `UserDownloader.load`, to cancel it with.
public struct DownloadHandle: Sendable {
    fileprivate let task: URLSessionDataTask

    /// Cancels the download's URLSession task; a download that has already called back is left as
    /// it was.
    public func cancel() {
        task.cancel()
    }
}

/// What one exchange amounts to: no response is a transport failure with its `URLError` code, a
/// status outside 200...299 is that status, and a 2xx body that is not a user is a decoding failure.
private func userResult(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<User, APIError> {
    if let error {
        return .failure(.transport((error as? URLError)?.code ?? .unknown))
    }
    guard let status = response?.httpStatus, let data else {
        return .failure(.transport(.badServerResponse))
    }
    guard 200...299 ~= status else {
        return .failure(.status(status))
    }
    guard let user = try? JSONDecoder().decode(User.self, from: data) else {
        return .failure(.decoding)
    }
    return .success(user)
}
