import Foundation
import LocalServer

extension Lab {
    /// The server's record of the client of `url`'s request going away before its answer, once
    /// there is one; nil if `answered` holds first (the subscriber got its completion, so there
    /// will be none) or none comes within `timeout`.
    public func abandonedRequest(
        for url: URL, timeout: Duration = .seconds(120), orUntil answered: () -> Bool = { false }
    ) async -> AbandonedRequest? {
        let isThisURL = { (abandoned: AbandonedRequest) in self.server.url(abandoned.request.target) == url }
        _ = await until(timeout: timeout) {
            server.abandonedRequests.contains(where: isThisURL) || answered()
        }
        return server.abandonedRequests.first(where: isThisURL)
    }
}
