/// Splits the byte stream of one connection into requests, however the bytes were cut into packets.
///
/// Bytes are appended as they arrive and `next()` reports the next step; the search for the end of
/// the head resumes where it stopped, so a request sent one byte at a time costs no rescanning.
struct RequestParser {
    /// What the bytes received so far allow.
    enum Step {
        case needsMoreBytes
        /// The head asked for `100 Continue` and its body has not arrived yet.
        case needsContinue
        case request(RequestHead, body: [UInt8])
        case rejected(Rejection)
    }

    private struct PendingBody {
        let head: RequestHead
        var chunked: ChunkedBody?
        var continueAnswered = false
    }

    private let limits: LocalServer.Configuration
    private var buffer: [UInt8] = []
    /// The first byte not yet consumed.
    private var start = 0
    /// How far past `start` the search for the blank line that ends the head has already looked.
    private var scanned = 0
    private var pending: PendingBody?

    init(limits: LocalServer.Configuration) {
        self.limits = limits
    }

    mutating func append(_ bytes: [UInt8]) {
        if start == buffer.count {
            buffer = bytes
            start = 0
        } else {
            if start > 4096 && start * 2 > buffer.count {
                buffer.removeFirst(start)
                start = 0
            }
            buffer.append(contentsOf: bytes)
        }
    }

    mutating func next() -> Step {
        do {
            if pending == nil {
                guard let head = try nextHead() else { return .needsMoreBytes }
                if head.framing == .length(0) { return .request(head, body: []) }
                let chunked =
                    head.framing == .chunked
                    ? ChunkedBody(maxBodyBytes: limits.maxBodyBytes, maxLineBytes: limits.maxHeadBytes) : nil
                pending = PendingBody(head: head, chunked: chunked)
            }
            if let body = try nextBody() {
                let head = pending!.head
                pending = nil
                return .request(head, body: body)
            }
            if pending!.head.expectsContinue && !pending!.continueAnswered {
                pending!.continueAnswered = true
                return .needsContinue
            }
            return .needsMoreBytes
        } catch {
            return .rejected(error)
        }
    }

    /// The next head once its blank line has arrived, consumed from the buffer.
    private mutating func nextHead() throws(Rejection) -> RequestHead? {
        if scanned == 0 {
            // Stray line breaks between requests are allowed and ignored.
            while start < buffer.count
                && (buffer[start] == ASCII.carriageReturn || buffer[start] == ASCII.lineFeed)
            {
                start += 1
            }
        }
        guard let (headEnd, next) = findBlankLine() else {
            scanned = buffer.count - start
            guard scanned <= limits.maxHeadBytes else { throw .headTooLarge(limit: limits.maxHeadBytes) }
            return nil
        }
        guard next - start <= limits.maxHeadBytes else { throw .headTooLarge(limit: limits.maxHeadBytes) }
        let head = try RequestHead(parsing: buffer[start..<headEnd], maxBodyBytes: limits.maxBodyBytes)
        start = next
        scanned = 0
        return head
    }

    /// Where the head ends (before its final line break) and where the byte after the blank line is.
    private func findBlankLine() -> (headEnd: Int, next: Int)? {
        buffer.withUnsafeBufferPointer { bytes in
            var index = start + max(scanned, 1)
            while index < bytes.count {
                if bytes[index] == ASCII.lineFeed {
                    if bytes[index - 1] == ASCII.lineFeed { return (index - 1, index + 1) }
                    if bytes[index - 1] == ASCII.carriageReturn && index - 2 >= start
                        && bytes[index - 2] == ASCII.lineFeed
                    {
                        return (index - 2, index + 1)
                    }
                }
                index += 1
            }
            return nil
        }
    }

    /// The whole body once it has arrived, consumed from the buffer.
    private mutating func nextBody() throws(Rejection) -> [UInt8]? {
        if pending!.chunked != nil {
            guard try pending!.chunked!.consume(buffer, from: &start) else { return nil }
            return pending!.chunked!.body
        }
        guard case .length(let length) = pending!.head.framing, buffer.count - start >= length else {
            return nil
        }
        defer { start += length }
        return Array(buffer[start..<start + length])
    }
}
