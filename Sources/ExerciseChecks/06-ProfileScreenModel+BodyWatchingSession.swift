import CheckProcesses
import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the code let go of a response's body: the last of it is released wherever the last step
/// that needed it ran, so a body released on the main thread was checked and decoded there.
enum BodyRelease: Equatable, Sendable {
    case offMainThread
    case onMainThread
    /// No body was released while the check watched, or the check could not watch.
    case notSeen

    var summary: String {
        switch self {
        case .offMainThread: "the response checked and decoded off the main thread"
        case .onMainThread: "the raw response reached the main thread: checked and decoded there"
        case .notSeen: "no response body seen"
        }
    }
}

#if canImport(FoundationNetworking)
    /// A session that hands each data task's completion handler a body of its own making, whose
    /// storage notes the thread it is finally released on.
    ///
    /// `dataTaskPublisher(for:)` starts its request through `dataTask(with:completionHandler:)` and
    /// sends the body down the pipeline from that handler: the closures before `receive(on:)` run
    /// inside it, and a body that reaches the main thread is released there once decoded. Only Linux
    /// Foundation lets a subclass be made with a configuration; Apple's `init(configuration:)` is
    /// not inherited.
    ///
    /// Whether the main thread releases the body last is a race, unless the main thread is kept busy
    /// until the handler has returned: then whatever was sent to the main queue, the body included,
    /// is all that is left holding it. `holdMainThreadUntilACallbackReturns` does that.
    final class BodyWatchingSession: URLSession, @unchecked Sendable {
        private let log = Locked<[BodyRelease]>([])
        private let callbacksReturned = DispatchSemaphore(value: 0)

        /// Where each body was released, in order.
        var releases: [BodyRelease] { log.withLock { $0 } }

        override func dataTask(
            with request: URLRequest,
            completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
        ) -> URLSessionDataTask {
            super.dataTask(with: request) { [log, callbacksReturned] data, response, error in
                completionHandler(data.map { watchedCopy(of: $0, noting: log) }, response, error)
                callbacksReturned.signal()
            }
        }

        /// Blocks the calling thread, the main one, until a completion handler has returned, or
        /// `timeout` has passed; says whether one returned. The stall watch knows the wait is the
        /// check's: on a busy machine a callback can take longer than its limit to come.
        func holdMainThreadUntilACallbackReturns(timeout: Duration) -> Bool {
            holdingTheMainThreadForTheCheck {
                callbacksReturned.wait(timeout: .now() + .nanoseconds(Int(timeout / .nanoseconds(1))))
                    == .success
            }
        }
    }

    /// A copy of `body` in storage of its own, which notes in `log` where it is released.
    private func watchedCopy(of body: Data, noting log: Locked<[BodyRelease]>) -> Data {
        guard !body.isEmpty else { return body }
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: body.count, alignment: 1)
        body.copyBytes(to: bytes.assumingMemoryBound(to: UInt8.self), count: body.count)
        return Data(
            bytesNoCopy: bytes, count: body.count,
            deallocator: .custom { bytes, _ in
                let onMainThread = Thread.isMainThread
                log.withLock { $0.append(onMainThread ? .onMainThread : .offMainThread) }
                bytes.deallocate()
            })
    }
#endif
