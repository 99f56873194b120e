import Combine
import Foundation
import Locking
import Workbook

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One step of a pipeline handing on an event, and where that happened.
struct Delivery: Equatable, Sendable {
    /// The step the event came out of, such as `map`.
    var step: String
    /// `value`, `finished`, or the failure.
    var event: String
    /// The label of the Dispatch queue it ran on (`currentQueueLabel()`).
    var queue: String
    /// Whether that queue is the session's `delegateQueue`, the one URLSession calls back on.
    var onDelegateQueue: Bool
    var onMainThread: Bool
}

/// The deliveries of a pipeline's steps, in the order they happened, from whichever threads.
final class DeliveryLog: Sendable {
    private let delegateQueue: ObjectIdentifier
    private let log = Locked<[Delivery]>([])

    /// A log that tells `session`'s delegate queue from any other.
    init(session: URLSession) {
        delegateQueue = ObjectIdentifier(session.delegateQueue)
    }

    var deliveries: [Delivery] { log.withLock { $0 } }

    /// Notes that `step` handed on `event` here, on the caller's queue and thread.
    func note(_ step: String, _ event: String) {
        let delivery = Delivery(
            step: step, event: event, queue: currentQueueLabel(),
            onDelegateQueue: OperationQueue.current.map(ObjectIdentifier.init) == delegateQueue,
            onMainThread: Thread.isMainThread)
        log.withLock { $0.append(delivery) }
    }
}

extension Publisher {
    /// This publisher, noting in `log` where each value and the completion came out of `step`, and
    /// recording them on the timeline lane of that name.
    func logged(_ step: String, in log: DeliveryLog) -> some Publisher<Output, Failure> {
        recorded(lane: step, value: eventLabel)
            .handleEvents(
                receiveOutput: { _ in log.note(step, "value") },
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: log.note(step, "finished")
                    case .failure(let failure): log.note(step, describe(failure: failure))
                    }
                })
    }
}
