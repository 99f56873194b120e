import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The tasks `session` is running or holding, the same list on every platform.
///
/// Apple platforms have the async `allTasks` property; Linux Foundation lacks it but has the older
/// `getAllTasks(completionHandler:)`, which this wraps. A cancelled task leaves the list once the
/// session has finished with it.
///
/// Linux Foundation reads that list on the session's delegate queue while its own queue adds and
/// removes tasks, and a read that meets a removal can stop the process (seen once in 20 runs of the
/// suite beside two busy processes, when a check asked thousands of times a run). So ask only when
/// the answer can have changed, not in a tight loop.
public func tasks(of session: URLSession) async -> [URLSessionTask] {
    #if canImport(FoundationNetworking)
        await withCheckedContinuation { listing in
            session.getAllTasks { listing.resume(returning: $0) }
        }
    #else
        await session.allTasks
    #endif
}

/// A task's state by its Swift name, `running` or `completed`, as a report row shows it.
public func name(of state: URLSessionTask.State) -> String {
    switch state {
    case .running: "running"
    case .suspended: "suspended"
    case .canceling: "canceling"
    case .completed: "completed"
    @unknown default: "state \(state.rawValue)"
    }
}

/// What the server saw of a client that may have gone away before its answer, as a report row
/// shows it: `server: client left, no answer sent`, or `server: no client leaving seen`.
public func serverSide(clientLeft: Bool) -> String {
    clientLeft ? "server: client left, no answer sent" : "server: no client leaving seen"
}
