import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The tasks `session` is running or holding, the same list on every platform.
///
/// Apple platforms have the async `allTasks` property; Linux Foundation lacks it but has the older
/// `getAllTasks(completionHandler:)`, which this wraps. A cancelled task leaves the list once the
/// session has finished with it.
public func tasks(of session: URLSession) async -> [URLSessionTask] {
    #if canImport(FoundationNetworking)
        await withCheckedContinuation { listing in
            session.getAllTasks { listing.resume(returning: $0) }
        }
    #else
        await session.allTasks
    #endif
}
