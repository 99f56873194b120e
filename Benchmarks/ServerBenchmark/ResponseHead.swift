/// The parts of an HTTP/1.1 response head the load generator needs: the status, and where the
/// message ends, so that a response can be read exactly to its end on a keep-alive connection.
struct ResponseHead {
    /// What the bytes received so far hold.
    enum Parse {
        /// The blank line that ends the head has not arrived yet.
        case incomplete
        /// The bytes are not a response head with a `Content-Length` this client can frame.
        case malformed
        case head(ResponseHead)
    }

    let status: Int
    /// The head's length in bytes, the blank line that ends it included.
    let length: Int
    let contentLength: Int

    /// The whole message's length in bytes: head and body.
    var messageLength: Int { length + contentLength }

    /// Parses the head at the start of `bytes`.
    ///
    /// Only the status line and `Content-Length` are read; the server always frames by length
    /// (never chunked), and a response without one cannot be told apart from one cut short.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> Parse {
        guard let length = endOfHead(in: bytes) else { return .incomplete }
        let head = UnsafeRawBufferPointer(rebasing: bytes[..<length])
        guard let status = status(in: head), let contentLength = contentLength(in: head) else {
            return .malformed
        }
        return .head(ResponseHead(status: status, length: length, contentLength: contentLength))
    }

    /// The offset just past `\r\n\r\n`, or `nil` when it has not arrived.
    private static func endOfHead(in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 3
        while index < bytes.count {
            if bytes[index] == lineFeed && bytes[index - 1] == carriageReturn && bytes[index - 2] == lineFeed
                && bytes[index - 3] == carriageReturn
            {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The three-digit status from a status line such as `HTTP/1.1 200 OK`.
    private static func status(in head: UnsafeRawBufferPointer) -> Int? {
        let prefix = "HTTP/1.1 ".utf8
        guard head.count >= prefix.count + 3, head.starts(with: prefix) else { return nil }
        return decimal(in: UnsafeRawBufferPointer(rebasing: head[prefix.count..<prefix.count + 3]))
    }

    /// The value of the (single) `Content-Length` field, found without regard to the name's case.
    private static func contentLength(in head: UnsafeRawBufferPointer) -> Int? {
        var found: Int?
        var lineStart = 0
        while let lineEnd = head[lineStart...].firstIndex(of: lineFeed) {
            let line = UnsafeRawBufferPointer(rebasing: head[lineStart..<lineEnd])
            if let value = value(of: contentLengthName, in: line) {
                guard found == nil, let length = decimal(in: value) else { return nil }
                found = length
            }
            lineStart = lineEnd + 1
        }
        return found
    }

    /// The field's value without surrounding spaces and the line's `\r`, when `line` is that field.
    private static func value(of name: [UInt8], in line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard line.count > name.count, line[name.count] == colon,
            zip(line, name).allSatisfy({ asciiLowercased($0) == $1 })
        else { return nil }
        var start = name.count + 1
        var end = line.count
        while start < end && line[start] == space { start += 1 }
        while end > start && (line[end - 1] == space || line[end - 1] == carriageReturn) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: line[start..<end])
    }

    /// The number written in `digits`, which must be one to nine ASCII digits and nothing else.
    private static func decimal(in digits: UnsafeRawBufferPointer) -> Int? {
        guard (1...9).contains(digits.count) else { return nil }
        var value = 0
        for byte in digits {
            guard (zero...nine).contains(byte) else { return nil }
            value = value * 10 + Int(byte - zero)
        }
        return value
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    private static let contentLengthName = Array("content-length".utf8)
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")
    private static let zero = UInt8(ascii: "0")
    private static let nine = UInt8(ascii: "9")
}
