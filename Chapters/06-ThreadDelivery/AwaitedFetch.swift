import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The async/await counterpart of a chain's first steps: a helper that awaits the body and hands it
// to the caller's closure, as `dataTaskPublisher(for:)` handed the exchange to `map`. This file
// needs nothing but Foundation, so that the chapter can compile it on its own with the model it
// rejects (`InlineClosureNameModel.swift`).

// excerpt: fetched
/// The body at `url`, turned into a value by `transform`. The function belongs to no actor, so
/// where its body runs, and so where it calls `transform` after its `await`, is up to the build:
/// on Swift's global executor by default, on its caller's actor under the upcoming feature
/// `NonisolatedNonsendingByDefault`.
nonisolated func fetched<Value>(
    from url: URL, session: URLSession, _ transform: (Data) throws -> Value
) async throws -> Value {
    let (data, _) = try await session.data(for: URLRequest(url: url))
    return try transform(data)
}
// end excerpt

#if compiler(>=6.2)
    // excerpt: fetched-concurrently
    /// `fetched(from:session:_:)` marked `@concurrent` (Swift 6.2): it runs on the global executor
    /// under every build setting, whoever awaits it.
    @concurrent
    nonisolated func fetchedConcurrently<Value>(
        from url: URL, session: URLSession, _ transform: (Data) throws -> Value
    ) async throws -> Value {
        let (data, _) = try await session.data(for: URLRequest(url: url))
        return try transform(data)
    }
// end excerpt
#endif
