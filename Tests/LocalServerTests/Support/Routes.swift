import Foundation
import LocalServer

struct User: Codable, Equatable, Sendable {
    let id: Int
    let name: String
}

/// The routes the client tests exercise, one per response shape.
enum Routes {
    static let malformedJSON = #"{"id": 7, "name": "#
    static let delay = Duration.milliseconds(300)

    @Sendable static func handle(_ request: HTTPRequest) async -> HTTPResponse {
        switch request.path {
        case "/users/1":
            return .json(User(id: 1, name: "Ada Lovelace"))
        case "/broken":
            return .json(malformedJSON)
        case "/text":
            return .text("plain words")
        case "/overloaded":
            return .json(#"{"reason": "overloaded"}"#, status: 503)
        case "/empty":
            return .status(204)
        case "/tagged":
            return .json(User(id: 1, name: "Ada Lovelace"), headers: ["ETag": #""v1""#, "X-Route": "tagged"])
        case "/slow":
            return .text("worth the wait").delayed(by: delay)
        case "/echo":
            return .text(request.bodyText, headers: ["X-Method": request.method])
        case "/query":
            return .text(request.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))
        default:
            return .text("not found", status: 404)
        }
    }

    /// Text long enough to make clients send it in many packets (and libcurl ask for `100 Continue`).
    static func largeBody(bytes: Int) -> Data {
        Data((0..<bytes).map { UInt8(ascii: "a") + UInt8($0 % 26) })
    }
}
