import Foundation
import URLErrorNames

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: api-error
/// Everything that can go wrong fetching from the API, as three kinds a caller handles differently.
///
/// A transport failure means URLSession could not finish the exchange (retrying may help); a
/// status means the server answered and said no; decoding means it answered yes with a body we
/// could not read.
public enum APIError: Error, Equatable {
    /// URLSession failed the request: no answer came (the connection was refused, dropped or timed
    /// out), the body was cut short after the headers, or the redirects went past its limit.
    case transport(URLError.Code)
    /// The last response, after any redirects URLSession followed, had a status outside 200...299.
    case status(Int)
    /// The response was a success but its body was not what we expected.
    case decoding
}
// end excerpt

extension APIError: CustomStringConvertible {
    /// The case as it is written in Swift, with a transport code by its name (`.transport(.timedOut)`),
    /// so a chapter row and a failing test show which failure it was.
    public var description: String {
        switch self {
        case .transport(let code): ".transport(\(code.caseName))"
        case .status(let code): ".status(\(code))"
        case .decoding: ".decoding"
        }
    }
}
