import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: awaited-user-loader
/// The revalidating loader as an `async` function: the same `ETag` kept with the same user, the
/// same `If-None-Match`, the same three cases, and the same `APIError`, now declared in the
/// signature with typed throws.
final class AwaitedUserLoader: Sendable {
    private struct Remembered: Sendable {
        let etag: String
        let user: User
    }

    private let session: URLSession
    private let decoder: JSONDecoder
    private let remembered = Locked<Remembered?>(nil)

    init(session: URLSession, decoder: JSONDecoder = JSONDecoder()) {
        self.session = session
        self.decoder = decoder
    }

    /// The user at `url`. Each call builds its request when it runs, so it sends the `ETag` known at
    /// that moment: what `Deferred` was needed for, a function call does by itself.
    func user(at url: URL) async throws(APIError) -> User {
        let known = remembered.withLock { $0 }
        var request = URLRequest(url: url)
        request.setValue(known?.etag, forHTTPHeaderField: "If-None-Match")
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw .transport((error as? URLError)?.code ?? .unknown)
        }
        let status = response.httpStatus ?? 0
        if status == 304, let known {
            return known.user
        }
        guard 200...299 ~= status else { throw .status(status) }
        let user: User
        do {
            user = try decoder.decode(User.self, from: data)
        } catch {
            throw .decoding
        }
        let etag = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag")
        remembered.withLock { $0 = etag.map { Remembered(etag: $0, user: user) } }
        return user
    }
}
// end excerpt
