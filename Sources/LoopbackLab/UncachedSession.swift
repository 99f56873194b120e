import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session that leaves HTTP caching to the code that uses it.
///
/// URLSession's own cache, on Apple platforms, would store a response, revalidate it with its own
/// `If-None-Match` or `If-Modified-Since`, and hand back the stored body as a `200`, so code that
/// revalidates by itself would decode it again, and a measurement would be of the cache instead
/// of that code.
public func uncachedSession() -> URLSession {
    let configuration = Lab.sessionConfiguration()
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
}
