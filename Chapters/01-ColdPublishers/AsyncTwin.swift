import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The chapter's request as a careful reader writes it with async/await. An `async` function is the
// recipe a publisher was: nothing happens until it is called, and each call sends a request of its
// own. A `Task` and an `async let` are not recipes: each starts its work where it is written.

// excerpt: awaited-user-data
/// The body at `url`, awaited: each call sends one request, as each subscription did.
nonisolated func userData(from url: URL, session: URLSession) async throws -> Data {
    let (data, _) = try await session.data(for: URLRequest(url: url))
    return data
}
// end excerpt

// excerpt: prefetch-left-unawaited
/// Starts loading `url` while `work` runs, and never uses what it loaded. The `async let` sends the
/// request at once; when the function's scope ends with the load unawaited, Swift cancels it and
/// waits for it to end before returning.
nonisolated func prefetch(_ url: URL, session: URLSession, while work: () async -> Void) async {
    async let _ = userData(from: url, session: session)
    await work()
}
// end excerpt
