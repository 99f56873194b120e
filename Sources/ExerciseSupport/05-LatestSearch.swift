import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where exercise 5's search box sends its queries: the server's search route, through a session.
public struct SearchService: Sendable {
    /// The session the queries are sent through.
    public let session: URLSession
    let route: URL

    /// A service that asks `route`, the server's search URL, through `session`.
    public init(session: URLSession, route: URL) {
        self.session = session
        self.route = route
    }

    /// The URL that asks the server for `query`'s results.
    public func url(for query: String) -> URL {
        route.appending(queryItems: [URLQueryItem(name: "q", value: query)])
    }
}
