import LocalServer

/// The route under test, `GET /users/1`, answered the way the workbook's own routes answer it: a
/// small JSON user, built per request from its text, with a plain-text 404 for any other path.
enum UserRoute {
    static let path = "/users/1"
    static let body = #"{"id": 1, "name": "Ada Lovelace"}"#

    /// The server's handler: chooses the response by path, as `RouteTable` does, so the measured
    /// time includes the same routing and response building a chapter's request costs.
    static func response(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case path: .json(body)
        default: .text("not found", status: 404)
        }
    }

    /// The bytes of the request the load generator sends, the smallest a keep-alive HTTP/1.1 GET can be.
    static func requestBytes(port: UInt16) -> [UInt8] {
        Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
    }
}
