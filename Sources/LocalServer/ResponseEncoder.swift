import Foundation

/// Turns a response into the exact bytes of its status line, header fields and body, in one buffer
/// so that it leaves in a single write.
enum ResponseEncoder {
    /// The interim answer to `Expect: 100-continue`.
    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// The bytes of `response`, dated `date`; `closing` adds `Connection: close`, `bodyBytes` limits
    /// how much of the body is sent.
    ///
    /// Framing headers (`Content-Length`, `Transfer-Encoding`, `Connection`) are always the server's own,
    /// computed from the body, so a handler cannot produce a message the client misreads by accident.
    static func encode(
        _ response: HTTPResponse, date: [UInt8], answeringHEAD: Bool, version: String, closing: Bool,
        bodyBytes: Int? = nil
    ) -> [UInt8] {
        // A status HTTP cannot express would make the client fail to parse anything at all.
        let status = (100...999).contains(response.status) ? response.status : 500
        let hasBody = !(100..<200).contains(status) && status != 204 && status != 304
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + response.body.count)
        bytes.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(status, to: &bytes)
        bytes.append(ASCII.space)
        bytes.append(contentsOf: reasonPhrase(status).utf8)
        bytes.append(contentsOf: [ASCII.carriageReturn, ASCII.lineFeed])
        if !response.headers.contains("Date") {
            appendField("Date", date, to: &bytes)
        }
        if hasBody {
            appendField("Content-Length", to: &bytes) { appendDecimal(response.body.count, to: &$0) }
        }
        for field in response.headers.fields where !isFraming(field.name) {
            appendField(field.name, field.value.utf8, to: &bytes)
        }
        if closing {
            appendField("Connection", "close".utf8, to: &bytes)
        } else if version == "HTTP/1.0" {
            appendField("Connection", "keep-alive".utf8, to: &bytes)
        }
        bytes.append(contentsOf: [ASCII.carriageReturn, ASCII.lineFeed])
        if hasBody && !answeringHEAD {
            bytes.append(contentsOf: response.body.prefix(bodyBytes ?? response.body.count))
        }
        return bytes
    }

    /// The answer to a request the server refuses: the status, its reason as text, and `Connection: close`.
    static func encode(_ rejection: Rejection, date: [UInt8]) -> [UInt8] {
        encode(
            .text(rejection.reason + "\n", status: rejection.status), date: date, answeringHEAD: false,
            version: "HTTP/1.1", closing: true)
    }

    private static func appendField(
        _ name: String, _ value: some Sequence<UInt8>, to bytes: inout [UInt8]
    ) {
        appendField(name, to: &bytes) { $0.append(contentsOf: value) }
    }

    /// Appends `name: `, whatever `writeValue` appends, and the line break.
    private static func appendField(
        _ name: String, to bytes: inout [UInt8], writeValue: (inout [UInt8]) -> Void
    ) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: [ASCII.colon, ASCII.space])
        writeValue(&bytes)
        bytes.append(contentsOf: [ASCII.carriageReturn, ASCII.lineFeed])
    }

    /// Appends the decimal digits of a non-negative number without making a string first.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
        appendDecimal(value / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private static func isFraming(_ name: String) -> Bool {
        name.equalsIgnoringASCIICase("Content-Length") || name.equalsIgnoringASCIICase("Transfer-Encoding")
            || name.equalsIgnoringASCIICase("Connection")
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: ""
        }
    }
}
