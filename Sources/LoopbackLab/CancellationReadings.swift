import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The tasks `session` is running or holding, the same list on every platform.
///
/// Apple platforms have the async `allTasks` property; Linux Foundation lacks it, and its older
/// `getAllTasks(completionHandler:)` reads the session's task registry on the delegate queue while
/// the session's work queue adds and removes tasks: a read that meets a removal traps the process
/// (the whole suite ended so, once in 24 runs beside a build). So on Linux the registry is read on
/// that work queue, where Foundation itself reads it (`RegisteredTasks`), and listed as
/// `getAllTasks` lists it.
public func tasks(of session: URLSession) async -> [URLSessionTask] {
    #if canImport(FoundationNetworking)
        guard let tasks = await RegisteredTasks(of: session)?.listed() else {
            preconditionFailure(RegisteredTasks.notFound)
        }
        return tasks
    #else
        await session.allTasks
    #endif
}

#if canImport(FoundationNetworking)
    /// A Linux session's task registry and the queue that owns it, found by their stored names in
    /// swift-corelibs-foundation (`workQueue`, `taskRegistry.tasks`, a task's `hasTriggeredResume`).
    struct RegisteredTasks: @unchecked Sendable {  // The registry is read on its work queue only.
        static let notFound =
            "Linux Foundation's URLSession no longer stores workQueue and taskRegistry.tasks by those names; update RegisteredTasks"

        private let workQueue: DispatchQueue
        private let registry: AnyObject
        private let delegateQueue: OperationQueue

        /// The session's queue and registry; the registry's contents are read on the queue only.
        init?(of session: URLSession) {
            let stored = Mirror(reflecting: session).children
            guard let workQueue = stored.first(where: { $0.label == "workQueue" })?.value as? DispatchQueue,
                let registry = stored.first(where: { $0.label == "taskRegistry" })?.value as AnyObject?
            else { return nil }
            (self.workQueue, self.registry, delegateQueue) = (workQueue, registry, session.delegateQueue)
        }

        /// The registered tasks that are running, or suspended after a resume: the registry read on
        /// the work queue, the states on the delegate queue, each where `getAllTasks` reads it. Nil
        /// if the registry holds no `tasks`.
        func listed() async -> [URLSessionTask]? {
            await withCheckedContinuation { listing in
                workQueue.async {
                    guard let registered = Self.tasks(in: registry) else {
                        return listing.resume(returning: nil)
                    }
                    delegateQueue.addOperation {
                        listing.resume(
                            returning: registered.filter {
                                $0.state == .running || Self.isSuspendedAfterResume($0)
                            })
                    }
                }
            }
        }

        private static func tasks(in registry: AnyObject) -> [URLSessionTask]? {
            let tasks = Mirror(reflecting: registry).children.first { $0.label == "tasks" }?.value
            return (tasks as? [Int: URLSessionTask]).map { $0.sorted { $0.key < $1.key }.map(\.value) }
        }

        private static func isSuspendedAfterResume(_ task: URLSessionTask) -> Bool {
            guard task.state == .suspended else { return false }
            // A data task's mirror holds its own stored properties; this one is its superclass's.
            let mirrors = sequence(first: Mirror(reflecting: task)) { $0.superclassMirror }
            let resumed = mirrors.lazy.compactMap { $0.children.first { $0.label == "hasTriggeredResume" } }
                .first
            return resumed?.value as? Bool ?? false
        }
    }
#endif

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
