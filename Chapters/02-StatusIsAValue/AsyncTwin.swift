import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The chapter's two pipelines as a careful reader writes them with async/await: one call to
// `URLSession.data(for:)`, which returns the data and the response or throws, and nothing of the
// Combine versions inside.

// excerpt: awaited-status-code
/// The HTTP status code of the response from `url`, awaited. `data(for:)` throws only when the
/// exchange did not finish; a finished one is returned, whatever its status.
nonisolated func awaitedStatusCode(from url: URL, session: URLSession) async throws -> Int {
    let (_, response) = try await session.data(for: URLRequest(url: url))
    return (response as? HTTPURLResponse)?.statusCode ?? 0
}
// end excerpt

// excerpt: awaited-unchecked-user
/// The user at `url`, awaited and decoded straight from the body, whatever the status said.
nonisolated func awaitedUncheckedUser(
    from url: URL, session: URLSession, decoder: JSONDecoder = JSONDecoder()
) async throws -> User {
    let (data, _) = try await session.data(for: URLRequest(url: url))
    return try decoder.decode(User.self, from: data)
}
// end excerpt
