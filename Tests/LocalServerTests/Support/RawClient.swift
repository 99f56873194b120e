import Foundation
import LocalServer

/// A TCP client that sends exactly the bytes it is given (malformed, split, pipelined), which no
/// HTTP library would do, and reads responses back with a deadline.
///
/// Its socket calls block, so they run on a serial queue of its own rather than on the threads of
/// Swift's concurrency pool, which blocking calls from several tests at once would starve.
final class RawClient: @unchecked Sendable {  // `received` is touched only on `queue`.
    enum Failure: Error, Sendable, CustomStringConvertible {
        case connect(errno: Int32)
        case send(errno: Int32)
        case timedOut(received: [UInt8])
        case closed(received: [UInt8])
        case malformedResponse(String)

        var description: String {
            switch self {
            case .connect(let errno): "connect failed: errno \(errno)"
            case .send(let errno): "send failed: errno \(errno)"
            case .timedOut(let received):
                "no complete response in time; got \(String(decoding: received, as: UTF8.self).debugDescription)"
            case .closed(let received):
                "closed early; got \(String(decoding: received, as: UTF8.self).debugDescription)"
            case .malformedResponse(let head): "malformed response head \(head.debugDescription)"
            }
        }
    }

    /// A response as it came off the wire.
    struct Response: Sendable {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let descriptor: Int32
    private let queue = DispatchQueue(label: "RawClient")
    private var received: [UInt8] = []

    /// Connects to `port` on `host`; reads give up after `timeout`.
    init(port: UInt16, host: String = "127.0.0.1", timeout: Duration = .seconds(5)) throws {
        // Set up in a local first: once `self.descriptor` is set, a throw would run `deinit`, and a
        // second close could hit a descriptor number the process has handed out again.
        let descriptor = LoopbackSocket.open()
        var noDelay: Int32 = 1
        _ = setsockopt(
            descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: time_t(seconds), tv_usec: suseconds_t(attoseconds / 1_000_000_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        #if !canImport(Glibc)
            // Darwin has no MSG_NOSIGNAL; the socket itself is told not to raise SIGPIPE.
            var noSignal: Int32 = 1
            _ = setsockopt(
                descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard LoopbackSocket.connect(descriptor, port: port, host: host) == 0 else {
            let error = errno
            close(descriptor)
            throw Failure.connect(errno: error)
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) async throws {
        try await run { try self.sendNow(bytes) }
    }

    /// Sends each byte in a write of its own, so the server sees the request cut at every possible place.
    func sendByteByByte(_ text: String) async throws {
        try await run {
            for byte in text.utf8 {
                try self.sendNow([byte])
            }
        }
    }

    /// Reads one response; `answeringHEAD` says there is no body whatever `Content-Length` says.
    func readResponse(answeringHEAD: Bool = false) async throws -> Response {
        try await run { try self.readResponseNow(answeringHEAD: answeringHEAD) }
    }

    /// Reads until the server closes the connection; returns what arrived unread before the close.
    func readUntilClosed() async throws -> [UInt8] {
        try await run {
            while true {
                do {
                    try self.receiveMore()
                } catch Failure.closed(let rest) {
                    return rest
                }
            }
        }
    }

    private func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result(catching: work)) }
        }
    }

    private func sendNow(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Foundation.send(descriptor, $0.baseAddress, $0.count, Self.sendFlags)
            }
            guard written > 0 else { throw Failure.send(errno: errno) }
            offset += written
        }
    }

    /// With these (and on Darwin the socket's `SO_NOSIGPIPE`), a write to a connection the server
    /// has closed fails with `EPIPE` instead of raising SIGPIPE.
    private static var sendFlags: Int32 {
        #if canImport(Glibc)
            Int32(MSG_NOSIGNAL)
        #else
            0
        #endif
    }

    private func readResponseNow(answeringHEAD: Bool) throws -> Response {
        var headEnd: Range<Int>?
        while headEnd == nil {
            headEnd = received.firstRange(of: Array("\r\n\r\n".utf8))
            if headEnd == nil { try receiveMore() }
        }
        let head = String(decoding: received[..<headEnd!.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusParts = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1])
        else {
            throw Failure.malformedResponse(head)
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw Failure.malformedResponse(head) }
            headers.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let hasBody = !answeringHEAD && status >= 200 && status != 204 && status != 304
        let length = hasBody ? Int(headers["Content-Length"] ?? "0") ?? 0 : 0
        while received.count < headEnd!.upperBound + length {
            try receiveMore()
        }
        let body = Array(received[headEnd!.upperBound..<headEnd!.upperBound + length])
        received.removeFirst(headEnd!.upperBound + length)
        return Response(status: status, headers: headers, body: body)
    }

    private func receiveMore() throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            received.append(contentsOf: chunk[..<count])
        } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
            throw Failure.timedOut(received: received)
        } else if count < 0 && errno == EINTR {
            return
        } else {
            // End of stream, or a reset: either way the server has closed the connection.
            throw Failure.closed(received: received)
        }
    }
}
