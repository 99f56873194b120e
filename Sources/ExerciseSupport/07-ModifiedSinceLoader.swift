import Combine
import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What exercise 7's loader offers: the user at a URL, fetched afresh or confirmed unchanged each
/// time someone subscribes.
public protocol UserLoader: Sendable {
    func user(at url: URL) -> AnyPublisher<User, APIError>
}

/// A JSON decoder that counts what it is asked to decode, so a check can tell a user decoded from
/// a body apart from one handed back from memory.
public final class CountingDecoder: JSONDecoder, @unchecked Sendable {
    private let decodes = Locked(0)

    /// How many bodies it was asked to decode so far.
    public var count: Int { decodes.withLock { $0 } }

    override public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        decodes.withLock { $0 += 1 }
        return try super.decode(type, from: data)
    }
}
