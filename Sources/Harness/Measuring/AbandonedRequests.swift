import Foundation
import LocalServer
import LoopbackLab
import TimeControl

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

    /// Waits until a request to `url` through the lab's `session`, cancelled as soon as it was
    /// made, is over on both sides, so that what did not arrive can be counted and the lab closed.
    ///
    /// First until the session holds no task; then, if the request reached the server, until the
    /// server has seen its client leave, and otherwise for `answerDelay`, until its answer would
    /// have been due: showing that nothing came takes a bound, so that wait is fixed on purpose.
    /// Closing the lab before URLSession has finished cancelling can trap in Linux Foundation
    /// (chapter 5's page tells how that was found).
    public func waitOutDroppedRequest(for url: URL, answerDueAfter answerDelay: Duration) async {
        _ = await until { await tasks(of: session).isEmpty }
        if requestCount(for: url) > 0 {
            _ = await abandonedRequest(for: url)
        } else {
            try? await Task.sleep(for: answerDelay)
        }
    }
}
