import Foundation
import TypedClient
import URLErrorNames

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How exercise 2's pipeline fails: no response at all, or a response that said no, with what the
/// server wrote about it.
public enum ServiceFailure: Error, Equatable, CustomStringConvertible {
    /// No response arrived: the request failed with this `URLError` code.
    case transport(URLError.Code)
    /// The server answered with a status outside 200...299; `message` is the `error` text of its
    /// JSON body (`{"error": "no such user"}`), or nil when the body carries none.
    case refused(status: Int, message: String?)

    /// The case as written in Swift, with a transport code by its name and the server's message, for a
    /// check's message.
    public var description: String {
        switch self {
        case .transport(let code): ".transport(\(code.caseName))"
        case .refused(let status, let message?): ".refused(\(status), \"\(message)\")"
        case .refused(let status, nil): ".refused(\(status), no message)"
        }
    }
}
