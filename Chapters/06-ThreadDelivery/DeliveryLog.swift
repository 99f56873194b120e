import Combine
import Foundation
import Harness
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An event reaching a pipeline's subscriber, and where that happened.
struct Delivery: Equatable, Sendable {
    /// `value`, `finished`, or the failure.
    var event: String
    /// The label of the Dispatch queue it ran on (`currentQueueLabel()`).
    var queue: String
    /// Whether that queue is the session's `delegateQueue`, the one URLSession calls back on.
    var onDelegateQueue: Bool
    var onMainThread: Bool
}

/// The events a pipeline's subscriber received, in the order they came, from whichever threads.
final class DeliveryLog: Sendable {
    private let delegateQueue: ObjectIdentifier
    private let log = Locked<[Delivery]>([])

    /// A log that tells `session`'s delegate queue from any other.
    init(session: URLSession) {
        delegateQueue = ObjectIdentifier(session.delegateQueue)
    }

    var deliveries: [Delivery] { log.withLock { $0 } }

    /// Notes that `event` arrived here, on the caller's queue and thread.
    func note(_ event: String) {
        let delivery = Delivery(
            event: event, queue: currentQueueLabel(),
            onDelegateQueue: OperationQueue.current.map(ObjectIdentifier.init) == delegateQueue,
            onMainThread: Thread.isMainThread)
        log.withLock { $0.append(delivery) }
    }
}

extension Publisher {
    /// This publisher, noting in `log` where its subscriber gets each value and the completion. It
    /// wraps the publisher from outside: the publisher's own chain is left as it was.
    func logged(in log: DeliveryLog) -> some Publisher<Output, Failure> {
        handleEvents(
            receiveOutput: { _ in log.note("value") },
            receiveCompletion: { completion in
                switch completion {
                case .finished: log.note("finished")
                case .failure(let failure): log.note(describe(failure: failure))
                }
            })
    }
}
