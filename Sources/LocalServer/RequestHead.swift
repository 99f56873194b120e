/// The request line and header fields of one request, checked against HTTP/1.1's grammar.
struct RequestHead {
    /// How the body that follows the head is delimited.
    enum Framing: Equatable {
        case length(Int)
        case chunked
    }

    let method: String
    let target: String
    let version: String
    let headers: HTTPHeaders
    let framing: Framing

    var isHEAD: Bool { method == "HEAD" }

    /// Whether the client lets the connection carry another request (HTTP/1.0 must ask; HTTP/1.1 must refuse).
    var keepsAlive: Bool {
        version == "HTTP/1.1"
            ? !headers.hasToken("close", in: "Connection") : headers.hasToken("keep-alive", in: "Connection")
    }

    /// Whether the client waits for `100 Continue` before it sends the body.
    var expectsContinue: Bool {
        version == "HTTP/1.1" && headers.hasToken("100-continue", in: "Expect")
    }

    /// Parses the head's bytes (without the blank line that ends it), checking framing against the body limit.
    init(parsing bytes: ArraySlice<UInt8>, maxBodyBytes: Int) throws(Rejection) {
        var lineEnd = bytes.firstIndex(of: ASCII.lineFeed) ?? bytes.endIndex
        (method, target, version) = try Self.parseRequestLine(Self.withoutCarriageReturn(bytes[..<lineEnd]))
        var headers = HTTPHeaders()
        while lineEnd < bytes.endIndex {
            let lineStart = lineEnd + 1
            lineEnd = bytes[lineStart...].firstIndex(of: ASCII.lineFeed) ?? bytes.endIndex
            let field = try Self.parseField(Self.withoutCarriageReturn(bytes[lineStart..<lineEnd]))
            headers.add(name: field.name, value: field.value)
        }
        self.headers = headers
        framing = try Self.framing(of: headers, maxBodyBytes: maxBodyBytes)
        let hostCount = headers.values(for: "Host").count
        guard hostCount <= 1, hostCount == 1 || version == "HTTP/1.0" else {
            throw .badRequest("an HTTP/1.1 request needs exactly one Host header")
        }
    }

    private static func withoutCarriageReturn(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == ASCII.carriageReturn ? line.dropLast() : line
    }

    private static func parseRequestLine(
        _ line: ArraySlice<UInt8>
    ) throws(Rejection) -> (method: String, target: String, version: String) {
        let parts = line.split(separator: ASCII.space, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(ASCII.isTokenCharacter),
            !parts[1].isEmpty, parts[1].allSatisfy(ASCII.isVisible)
        else { throw .badRequest("malformed request line") }
        let version = parts[2]
        guard version.starts(with: ASCII.httpSlash), version.count > 5 else {
            throw .badRequest("malformed HTTP version")
        }
        let number = version.dropFirst(5)
        let numberParts = number.split(separator: ASCII.dot, omittingEmptySubsequences: false)
        guard numberParts.count <= 2, numberParts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(ASCII.isDigit) })
        else { throw .badRequest("malformed HTTP version") }
        guard number.elementsEqual("1.1".utf8) || number.elementsEqual("1.0".utf8) else {
            throw .unsupportedVersion
        }
        return (ASCII.string(parts[0]), ASCII.string(parts[1]), ASCII.string(version))
    }

    private static func parseField(_ line: ArraySlice<UInt8>) throws(Rejection) -> HTTPHeaders.Field {
        guard let colon = line.firstIndex(of: ASCII.colon) else {
            throw .badRequest("header line without a colon")
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(ASCII.isTokenCharacter) else {
            throw .badRequest("malformed header name")
        }
        let value = line[line.index(after: colon)...].drop(while: ASCII.isBlank)
        let trimmed = value[..<(value.lastIndex { !ASCII.isBlank($0) }.map { $0 + 1 } ?? value.startIndex)]
        guard trimmed.allSatisfy(ASCII.isFieldValueCharacter) else {
            throw .badRequest("control character in header value")
        }
        return HTTPHeaders.Field(name: ASCII.string(name), value: ASCII.string(trimmed))
    }

    private static func framing(of headers: HTTPHeaders, maxBodyBytes: Int) throws(Rejection) -> Framing {
        let codings = headers.values(for: "Transfer-Encoding")
        let lengths = headers.values(for: "Content-Length").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingSpaces() }
        if !codings.isEmpty {
            guard lengths.isEmpty else { throw .badRequest("both Transfer-Encoding and Content-Length") }
            guard codings.count == 1, codings[0].equalsIgnoringASCIICase("chunked") else {
                throw .unsupportedTransferCoding
            }
            return .chunked
        }
        guard let first = lengths.first else { return .length(0) }
        guard lengths.allSatisfy({ $0 == first }), (1...18).contains(first.utf8.count),
            first.utf8.allSatisfy(ASCII.isDigit), let length = Int(first)
        else { throw .badRequest("malformed Content-Length") }
        guard length <= maxBodyBytes else { throw .bodyTooLarge(limit: maxBodyBytes) }
        return .length(length)
    }
}
