import Foundation
import TypedClient
import URLErrorNames

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why exercise 3's user did not load, in the terms a screen needs: offline (say so and try again
/// later), the server said no (show why), or something else.
public enum LoadError: Error, Equatable, CustomStringConvertible {
    /// No server got the request: no network, no such host, or the connection was refused.
    case offline
    /// The server answered with a status outside 200...299.
    case serverSaidNo(status: Int)
    /// The server said yes, with a body that is not a user.
    case unreadable
    /// Any other transport trouble, such as a connection dropped before the answer or a timeout,
    /// after which the server may have the request.
    case transport(URLError.Code)

    /// The case as written in Swift, with a transport code by its name, for a check's message.
    public var description: String {
        switch self {
        case .offline: ".offline"
        case .serverSaidNo(let status): ".serverSaidNo(\(status))"
        case .unreadable: ".unreadable"
        case .transport(let code): ".transport(\(code.caseName))"
        }
    }
}
