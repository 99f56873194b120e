import Foundation

/// What a handler answers: a status, headers and a body, optionally delayed or replaced by a fault.
///
/// The server writes `Date` and `Content-Length` itself, so the framing is always right unless a
/// fault asks for it to be wrong. A `Date` header set here replaces the server's.
public struct HTTPResponse: Sendable {
    /// Ways to break the exchange on purpose, to produce real transport failures in a client.
    public enum Fault: Sendable, Equatable {
        /// Close the connection without writing anything.
        case closeWithoutAnswer
        /// Keep the connection open and never write anything, until the client gives up or the server stops.
        case neverAnswer
        /// Advertise the whole body's `Content-Length`, send only its first `byteCount` bytes, then close.
        case truncateBody(sendingBytes: Int)
    }

    /// The status code; one outside 100...999 is sent as 500.
    public var status: Int
    /// The header fields to send, besides the `Date` and `Content-Length` the server writes itself.
    public var headers: HTTPHeaders
    /// The bytes sent after the headers; a `truncateBody` fault sends only their beginning.
    public var body: Data
    /// How long to wait before answering; the wait holds up only this connection, and `stop()` cancels it.
    public var delay: Duration
    /// When set, the exchange fails this way instead of answering normally.
    public var fault: Fault?

    /// Makes a response; by default an immediate, empty `200`.
    public init(
        status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data(), delay: Duration = .zero,
        fault: Fault? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
    }

    /// A JSON body encoded from `value`; a value that cannot be encoded gives a 500 that says why.
    public static func json(
        _ value: some Encodable, status: Int = 200, headers: HTTPHeaders = [:]
    ) -> HTTPResponse {
        do {
            let body = try encoder.encode(value)
            return HTTPResponse(status: status, headers: headers, body: body, contentType: jsonType)
        } catch {
            return text("cannot encode \(type(of: value)) as JSON: \(error)", status: 500)
        }
    }

    /// A JSON body given as text, sent exactly as written (malformed JSON included, on purpose).
    public static func json(_ rawJSON: String, status: Int = 200, headers: HTTPHeaders = [:]) -> HTTPResponse
    {
        HTTPResponse(status: status, headers: headers, body: Data(rawJSON.utf8), contentType: jsonType)
    }

    /// A UTF-8 plain-text body.
    public static func text(_ text: String, status: Int = 200, headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: headers, body: Data(text.utf8), contentType: "text/plain; charset=utf-8")
    }

    /// An empty body with the given status.
    public static func status(_ status: Int, headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers)
    }

    /// The connection is closed without an answer.
    public static let closeWithoutAnswer = HTTPResponse(fault: .closeWithoutAnswer)

    /// No answer ever comes; the connection stays open.
    public static let neverAnswer = HTTPResponse(fault: .neverAnswer)

    /// This response, sent after `delay`.
    public func delayed(by delay: Duration) -> HTTPResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// This response with its full length advertised but only the first `byteCount` body bytes sent.
    public func truncated(sendingBytes byteCount: Int) -> HTTPResponse {
        var copy = self
        copy.fault = .truncateBody(sendingBytes: byteCount)
        return copy
    }

    private static let jsonType = "application/json"

    /// Shared because making an encoder per response costs more than encoding a small value.
    private static let encoder = JSONEncoder()

    /// A response whose `Content-Type` is `contentType` unless `headers` already names one.
    private init(status: Int, headers: HTTPHeaders, body: Data, contentType: String) {
        var allHeaders = headers
        if !allHeaders.contains("Content-Type") {
            allHeaders["Content-Type"] = contentType
        }
        self.init(status: status, headers: allHeaders, body: body)
    }
}
