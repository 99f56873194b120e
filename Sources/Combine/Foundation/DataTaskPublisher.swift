import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession {
    /// A publisher that loads `url` with this session once for every subscriber that asks for a value.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// A publisher that loads `request` with this session once for every subscriber that asks for a value.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }

    /// A cold publisher of one response: each subscription creates its own data task, and only when
    /// the subscriber first demands a value.
    ///
    /// The value and completion arrive on the session's delegate queue, where URLSession calls the
    /// task's completion handler. Any response, whatever its status code, is a value; only a transport
    /// failure ends the subscription with a `URLError`.
    public struct DataTaskPublisher: Publisher {
        public typealias Output = (data: Data, response: URLResponse)
        public typealias Failure = URLError

        public let request: URLRequest
        public let session: URLSession

        public init(request: URLRequest, session: URLSession) {
            self.request = request
            self.session = session
        }

        public func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Failure, S.Input == Output {
            subscriber.receive(subscription: DataTaskSubscription(parent: self, downstream: subscriber))
        }
    }
}

/// One subscriber's data task: created on the first demand, resumed on each, cancelled with the
/// subscription.
///
/// The task's completion handler holds this object until the task ends, and the subscription holds
/// the task; both links are dropped when the task completes or the subscription is cancelled. Its
/// state is guarded by its lock, which is what makes handing it to URLSession's queue safe. Its mirror
/// shows the task, the downstream, the publisher and the demand, as Apple's does.
private final class DataTaskSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
    private let lock = Lock()
    private var parent: URLSession.DataTaskPublisher?
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var task: URLSessionDataTask?

    init(parent: URLSession.DataTaskPublisher, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    deinit {
        lock.deallocate()
    }

    var description: String { "DataTaskPublisher" }

    var playgroundDescription: Any { description }

    var customMirror: Mirror {
        lock.mirror(of: self) {
            ["task": task as Any, "downstream": downstream as Any, "parent": parent as Any, "demand": demand]
        }
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "a subscriber must request at least one value")
        lock.lock()
        guard let parent else {
            lock.unlock()
            return
        }
        let isFirstDemand = task == nil
        if isFirstDemand {
            task = parent.session.dataTask(with: parent.request) { data, response, error in
                self.finish(data: data, response: response, error: error)
            }
        }
        self.demand += demand
        let task = self.task
        lock.unlock()
        // Every request resumes the task, as Apple's does; resuming a running task does nothing.
        task?.resume()
    }

    func cancel() {
        lock.lock()
        guard parent != nil else {
            lock.unlock()
            return
        }
        let task = self.task
        end()
        lock.unlock()
        task?.cancel()
    }

    /// The completion handler: hands the response on as the one value, or the failure as a `URLError`.
    private func finish(data: Data?, response: URLResponse?, error: Error?) {
        lock.lock()
        guard parent != nil, demand > .none, let downstream else {
            lock.unlock()
            return
        }
        end()
        lock.unlock()
        if let response, error == nil {
            _ = downstream.receive((data: data ?? Data(), response: response))
            downstream.receive(completion: .finished)
        } else {
            downstream.receive(completion: .failure(URLError(bridging: error)))
        }
    }

    /// Forgets everything the subscription holds; called with the lock held.
    private func end() {
        parent = nil
        downstream = nil
        demand = .none
        task = nil
    }
}

extension URLError {
    /// The `URLError` a loading failure stands for: itself, an `NSError` in the URL error domain by its
    /// code (as the Objective-C bridge does on Apple platforms), and anything else as `.unknown`.
    fileprivate init(bridging error: Error?) {
        if let urlError = error as? URLError {
            self = urlError
            return
        }
        if let error {
            let nsError = error as NSError
            if nsError.domain == NSURLErrorDomain {
                self.init(URLError.Code(rawValue: nsError.code) ?? .unknown, userInfo: nsError.userInfo)
                return
            }
        }
        self.init(.unknown)
    }
}
