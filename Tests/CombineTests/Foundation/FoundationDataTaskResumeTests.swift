import Combine
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How often a data task publisher resumes its task, as Apple's does.
@Suite struct FoundationDataTaskResumeTests {
    /// A task that counts its `resume()` calls and never runs.
    private final class CountingTask: URLSessionDataTask, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        var resumes: Int { lock.withLock { count } }

        override func resume() {
            lock.withLock { count += 1 }
        }

        override func cancel() {}
    }

    /// A session that hands out one `CountingTask`.
    private final class CountingSession: URLSession, @unchecked Sendable {
        let task = CountingTask()

        override func dataTask(
            with request: URLRequest,
            completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void
        ) -> URLSessionDataTask {
            task
        }
    }

    // Apple: every request resumes the task, the first one creating it.
    @Test func everyRequestResumesTheTask() throws {
        let session = CountingSession(configuration: .ephemeral)
        let subscriber = TestSubscriber<URLSession.DataTaskPublisher.Output, URLError>(initialDemand: .none)
        session.dataTaskPublisher(for: try #require(URL(string: "http://127.0.0.1:9/"))).subscribe(subscriber)
        #expect(session.task.resumes == 0)

        subscriber.request(.max(2))
        subscriber.request(.max(1))

        #expect(session.task.resumes == 2)
        subscriber.cancel()
    }
}
