/// A request whose client went away before the server sent its answer: the client closed the
/// connection while the handler was still working on the request or its response was still delayed.
///
/// This is what a cancelled request looks like from the server's side. The server had the request
/// all along (it is in `LocalServer.requests` too, and the handler may have acted on it); only the
/// answer was never written.
public struct AbandonedRequest: Sendable {
    /// The request whose answer was never written, as the server recorded it.
    public let request: HTTPRequest
    /// When the server read the end of the client's stream.
    public let noticedTime: ContinuousClock.Instant

    /// Records that the client of `request` went away at `noticedTime`.
    public init(request: HTTPRequest, noticedTime: ContinuousClock.Instant) {
        self.request = request
        self.noticedTime = noticedTime
    }

    /// How long after the request arrived its client went away, as the server measured it.
    public var waited: Duration { noticedTime - request.arrivalTime }
}
