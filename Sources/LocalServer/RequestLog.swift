import Dispatch
import Locking

/// Every request the server received, in arrival order, the tasks waiting for one to arrive, and
/// the requests whose client went away before they were answered.
///
/// A waiter is resumed by the arrival it waits for (or by its deadline, cancellation or the server
/// stopping), never by polling.
final class RequestLog: Sendable {
    private struct Waiter {
        let id: Int
        let number: Int
        let path: String?
        let continuation: CheckedContinuation<HTTPRequest, any Error>
    }

    private struct State {
        var history = RequestHistory()
        var abandoned: [AbandonedRequest] = []
        var waiters: [Waiter] = []
        var nextWaiterID = 0
        var cancelledWaiterIDs: Set<Int> = []
        var stopped = false

        mutating func removeWaiter(_ id: Int) -> Waiter? {
            guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return waiters.remove(at: index)
        }
    }

    private let state = Locked(State())

    var requests: [HTTPRequest] { state.withLock { $0.history.all } }

    var abandoned: [AbandonedRequest] { state.withLock { $0.abandoned } }

    func recordAbandoned(_ abandoned: AbandonedRequest) {
        state.withLock { $0.abandoned.append(abandoned) }
    }

    func count(path: String?) -> Int {
        state.withLock { $0.history.count(path: path) }
    }

    func record(_ request: HTTPRequest) {
        let satisfied = state.withLock { state -> [CheckedContinuation<HTTPRequest, any Error>] in
            state.history.append(request)
            guard !state.waiters.isEmpty else { return [] }
            let path = request.path
            let satisfied = state.waiters.filter { waiter in
                (waiter.path == nil || waiter.path == path)
                    && state.history.count(path: waiter.path) == waiter.number
            }
            state.waiters.removeAll { waiter in satisfied.contains { $0.id == waiter.id } }
            return satisfied.map(\.continuation)
        }
        for continuation in satisfied {
            continuation.resume(returning: request)
        }
    }

    /// The `number`-th request (counting from 1) to `path`, or to any path when `path` is `nil`.
    func waitForRequest(number: Int, path: String?, timeout: Duration) async throws -> HTTPRequest {
        precondition(number >= 1, "requests are counted from 1")
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let outcome = state.withLock { state -> Result<HTTPRequest, any Error>? in
                    if let request = state.history.request(number: number, path: path) {
                        return .success(request)
                    }
                    let arrived = state.history.count(path: path)
                    if state.stopped {
                        return .failure(
                            LocalServerError.stoppedWhileWaiting(
                                number: number, path: path, arrived: arrived))
                    }
                    if state.cancelledWaiterIDs.remove(id) != nil { return .failure(CancellationError()) }
                    state.waiters.append(
                        Waiter(id: id, number: number, path: path, continuation: continuation))
                    return nil
                }
                if let outcome {
                    continuation.resume(with: outcome)
                } else {
                    DispatchQueue.global().asyncAfter(
                        deadline: .now() + .nanoseconds(Int(timeout.nanoseconds))
                    ) {
                        self.expire(id) {
                            .waitTimedOut(number: number, path: path, arrived: $0, timeout: timeout)
                        }
                    }
                }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                let waiter = state.removeWaiter(id)
                if waiter == nil { state.cancelledWaiterIDs.insert(id) }
                return waiter
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Fails every waiter, since no request can arrive any more.
    func stop() {
        let waiters = state.withLock { state in
            state.stopped = true
            defer { state.waiters = [] }
            return state.waiters.map { ($0, state.history.count(path: $0.path)) }
        }
        for (waiter, arrived) in waiters {
            waiter.continuation.resume(
                throwing: LocalServerError.stoppedWhileWaiting(
                    number: waiter.number, path: waiter.path, arrived: arrived))
        }
    }

    /// Ends a wait that is still pending with the error `failure` makes from the number that did arrive.
    private func expire(_ id: Int, failure: (Int) -> LocalServerError) {
        let pending = state.withLock { state in
            state.removeWaiter(id).map { ($0, state.history.count(path: $0.path)) }
        }
        if let (waiter, arrived) = pending {
            waiter.continuation.resume(throwing: failure(arrived))
        }
    }
}
