import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLError.Code {
    /// The code's name as written in Swift (`.timedOut`), or its number when it is not a common one.
    public var caseName: String {
        Self.names[rawValue].map { "." + $0 } ?? "(code \(rawValue))"
    }

    private static let names: [Int: String] = [
        URLError.unknown.rawValue: "unknown",
        URLError.cancelled.rawValue: "cancelled",
        URLError.badURL.rawValue: "badURL",
        URLError.timedOut.rawValue: "timedOut",
        URLError.unsupportedURL.rawValue: "unsupportedURL",
        URLError.cannotFindHost.rawValue: "cannotFindHost",
        URLError.cannotConnectToHost.rawValue: "cannotConnectToHost",
        URLError.networkConnectionLost.rawValue: "networkConnectionLost",
        URLError.notConnectedToInternet.rawValue: "notConnectedToInternet",
        URLError.badServerResponse.rawValue: "badServerResponse",
        URLError.httpTooManyRedirects.rawValue: "httpTooManyRedirects",
        URLError.zeroByteResource.rawValue: "zeroByteResource",
        URLError.cannotDecodeContentData.rawValue: "cannotDecodeContentData",
        URLError.cannotParseResponse.rawValue: "cannotParseResponse",
        URLError.secureConnectionFailed.rawValue: "secureConnectionFailed",
    ]
}
