import Foundation

/// One request as the server received it, recorded before the handler sees it.
public struct HTTPRequest: Sendable {
    /// The method as sent, such as `GET` or `POST`.
    public let method: String
    /// The request target exactly as sent: path and query (`/users/1?verbose=1`).
    public let target: String
    /// The protocol version from the request line, `HTTP/1.1` or `HTTP/1.0`.
    public let version: String
    /// The header fields in the order they arrived, looked up without regard to case.
    public let headers: HTTPHeaders
    /// The body after any chunked transfer coding was removed; empty when none was sent.
    public let body: Data
    /// When the last byte of the request arrived.
    public let arrivalTime: ContinuousClock.Instant
    /// Which connection carried the request; connections are numbered from 1 in accept order.
    public let connectionID: Int

    /// Makes a request by hand, as the server does for each one it parses and as a test does to call a
    /// handler directly without a connection; the defaults fill in what such a test does not care about.
    public init(
        method: String, target: String, version: String = "HTTP/1.1", headers: HTTPHeaders = [:],
        body: Data = Data(), arrivalTime: ContinuousClock.Instant = .now, connectionID: Int = 0
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.arrivalTime = arrivalTime
        self.connectionID = connectionID
    }

    /// The target's path, without the query (and without scheme and host when the target was absolute).
    public var path: String {
        String(pathAndQuery.prefix { $0 != "?" && $0 != "#" })
    }

    /// The query items of the target, decoded; empty when there is no query.
    public var queryItems: [URLQueryItem] {
        URLComponents(string: String(pathAndQuery))?.queryItems ?? []
    }

    /// The value of the first query item called `name`, decoded; nil when the query has none.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The body read as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The target with any `http://host` prefix removed (the absolute form proxies use).
    private var pathAndQuery: Substring {
        guard target.first != "/", let schemeEnd = target.range(of: "://") else { return target[...] }
        let authorityAndRest = target[schemeEnd.upperBound...]
        return authorityAndRest.firstIndex(of: "/").map { authorityAndRest[$0...] } ?? "/"
    }
}
