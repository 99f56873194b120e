import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The chapter's load as a careful reader writes it with async/await: one `URLSession.data(for:)`,
// awaited in whatever task calls it. Nothing of the Combine version is inside: there is no
// cancellable, so the task that awaits the call is what a cancel has to reach.

// excerpt: awaited-body
/// The body at `url`, awaited. The request lives as long as the task that awaits this call: cancel
/// that task and `data(for:)` cancels its data task and throws.
nonisolated func awaitedBody(from url: URL, session: URLSession) async throws -> Data {
    try await awaitedBody(for: URLRequest(url: url), session: session)
}

/// The body of the answer to `request`, awaited, whatever its method.
nonisolated func awaitedBody(for request: URLRequest, session: URLSession) async throws -> Data {
    let (body, _) = try await session.data(for: request)
    return body
}
// end excerpt

// excerpt: paused-body
/// The same load after a pause, as a search box waits for the typing to stop before it asks. A
/// cancel during the pause ends the call there, before any request is made.
nonisolated func awaitedBody(
    after pause: Duration, from url: URL, session: URLSession
) async throws -> Data {
    try await Task.sleep(for: pause)
    return try await awaitedBody(from: url, session: session)
}
// end excerpt
