import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The chapter's typed client as a careful reader writes it with async/await and Swift 6's typed
// throws: `throws(APIError)` does the work that `mapError` and the `flatMap` of `Just` or `Fail`
// did for the publisher, and nothing of the Combine version is inside.

// excerpt: awaited-fetch
/// Loads `url` and decodes its body as `type`, awaited. The function throws an `APIError` and
/// nothing else, so the compiler knows the error type at every call, as it knew the publisher's.
nonisolated func awaitedFetch<Value: Decodable>(
    _ type: Value.Type, from url: URL, session: URLSession, decoder: JSONDecoder = JSONDecoder()
) async throws(APIError) -> Value {
    let body = try await awaitedValidBody(from: url, session: session)
    do {
        return try decoder.decode(type, from: body)
    } catch {
        throw .decoding
    }
}

/// The body of `url`'s response when its status is 2xx. `data(for:)` is declared with a plain
/// `throws`, so its `catch` gets `any Error`: the one place a cast is still written.
nonisolated func awaitedValidBody(from url: URL, session: URLSession) async throws(APIError) -> Data {
    let answer: (body: Data, response: URLResponse)
    do {
        answer = try await session.data(for: URLRequest(url: url))
    } catch {
        throw .transport((error as? URLError)?.code ?? .unknown)
    }
    let status = answer.response.httpStatus ?? 0
    guard 200...299 ~= status else { throw .status(status) }
    return answer.body
}

/// Loads the user with `id` from `/users/{id}` under `baseURL`, awaited.
nonisolated func awaitedFetchUser(id: Int, session: URLSession, baseURL: URL) async throws(APIError) -> User {
    try await awaitedFetch(User.self, from: baseURL.appending(path: "users/\(id)"), session: session)
}
// end excerpt

// excerpt: greeting
/// What a screen says after loading user `id`. The `catch` of a `throws(APIError)` call binds an
/// `APIError`, so the `switch` lists its cases, with no cast and no `default` for "anything else".
nonisolated func greeting(forUser id: Int, session: URLSession, baseURL: URL) async -> String {
    do {
        let user = try await awaitedFetchUser(id: id, session: session, baseURL: baseURL)
        return "Hello, \(user.name)"
    } catch {
        return switch error {
        case .transport: "Cannot reach the server"
        case .status(404): "No such user"
        case .status(let status): "The server answered \(status)"
        case .decoding: "The answer was unreadable"
        }
    }
}
// end excerpt

// excerpt: awaited-user-plain-throws
/// The same load declared with a plain `throws`, as the `tryMap` pipeline was written: it throws
/// `APIError.status` itself and lets the decoder's and URLSession's own errors out as they came.
nonisolated func awaitedUserWithPlainThrows(
    from url: URL, session: URLSession, decoder: JSONDecoder = JSONDecoder()
) async throws -> User {
    let (body, response) = try await session.data(for: URLRequest(url: url))
    let status = response.httpStatus ?? 0
    guard 200...299 ~= status else { throw APIError.status(status) }
    return try decoder.decode(User.self, from: body)
}
// end excerpt
