import Foundation
import LocalServer

/// One keep-alive connection of the load generator, always to 127.0.0.1.
///
/// It sends a request, reads the whole response (head and `Content-Length` bytes of body), checks
/// it, and only then may send the next: one request in flight at a time, never pipelined, the way
/// `URLSession` uses a connection. Its socket is non-blocking; the generator's `poll` says when to read.
final class ClientConnection {
    /// What a read added up to.
    enum ReadOutcome {
        /// The response has not completely arrived yet.
        case incomplete
        /// The whole response arrived and was the expected one; the connection is ready for the next request.
        case answered
        /// The connection closed or failed, or the answer was not the expected one; it must be reopened.
        case failed
    }

    /// The socket; -1 after a reopen failed.
    private(set) var descriptor: Int32 = -1
    /// When the request in flight was sent, in `DispatchTime` nanoseconds.
    private(set) var sentAt: UInt64 = 0
    private(set) var isAwaitingResponse = false
    private let port: UInt16
    private let request: [UInt8]
    private let expectedBody: [UInt8]
    /// Where the response is collected; far larger than the expected response, so filling it is an error.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 1)
    private var received = 0

    /// How long opening a connection may take before it counts as failed.
    private static let connectTimeoutMilliseconds: Int32 = 2_000

    /// Opens the connection; `request` is sent for each exchange and `expectedBody` must come back.
    init(port: UInt16, request: [UInt8], expectedBody: [UInt8]) throws(SocketError) {
        self.port = port
        self.request = request
        self.expectedBody = expectedBody
        descriptor = try Self.connect(toLoopbackPort: port)
    }

    deinit {
        close()
        buffer.deallocate()
    }

    /// Sends the request, noting `now` as its start; false if the socket did not take all of it.
    ///
    /// A request this small always fits the empty send buffer of a connection with nothing in
    /// flight, so a short write means the connection is broken, not that it needs waiting for.
    func send(at now: UInt64) -> Bool {
        guard !isAwaitingResponse else { return false }
        let written = request.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == request.count else { return false }
        sentAt = now
        isAwaitingResponse = true
        return true
    }

    /// Reads what has arrived and says whether the response is complete, still coming, or failed.
    func readAvailable() -> ReadOutcome {
        // Bytes or an end of stream while nothing was asked for mean the server broke the exchange.
        guard isAwaitingResponse else { return .failed }
        let count = recv(descriptor, buffer.baseAddress! + received, buffer.count - received, 0)
        if count < 0 {
            return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .incomplete : .failed
        }
        guard count > 0 else { return .failed }
        received += count
        switch ResponseHead.parse(UnsafeRawBufferPointer(rebasing: buffer[..<received])) {
        case .incomplete:
            return received < buffer.count ? .incomplete : .failed
        case .malformed:
            return .failed
        case .head(let head):
            guard head.messageLength <= buffer.count else { return .failed }
            guard received >= head.messageLength else { return .incomplete }
            // Anything past the end of the message is a response nobody asked for.
            guard received == head.messageLength, head.status == 200,
                body(after: head).elementsEqual(expectedBody)
            else { return .failed }
            received = 0
            isAwaitingResponse = false
            return .answered
        }
    }

    /// Closes the socket and opens a new connection in its place, forgetting any request in flight.
    func reopen() throws(SocketError) {
        close()
        descriptor = try Self.connect(toLoopbackPort: port)
    }

    func close() {
        if descriptor >= 0 {
            _ = Foundation.close(descriptor)
        }
        descriptor = -1
        received = 0
        isAwaitingResponse = false
    }

    private func body(after head: ResponseHead) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer[head.length..<head.messageLength])
    }

    /// A connected, non-blocking TCP socket to 127.0.0.1:`port`, with Nagle's delay turned off (each
    /// request leaves in one write, so coalescing would only add latency).
    private static func connect(toLoopbackPort port: UInt16) throws(SocketError) -> Int32 {
        let descriptor = LoopbackSocket.open()
        guard descriptor >= 0 else { throw SocketError(call: "socket") }
        do {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            var noDelay: Int32 = 1
            _ = setsockopt(
                descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            try startConnecting(descriptor, toLoopbackPort: port)
            try awaitConnection(descriptor)
            return descriptor
        } catch {
            _ = Foundation.close(descriptor)
            throw error
        }
    }

    private static func startConnecting(_ descriptor: Int32, toLoopbackPort port: UInt16) throws(SocketError)
    {
        let result = LoopbackSocket.connect(descriptor, port: port)
        guard result == 0 || errno == EINPROGRESS else { throw SocketError(call: "connect") }
    }

    /// Waits, for a bounded time, until a non-blocking connect has finished, and checks its outcome.
    private static func awaitConnection(_ descriptor: Int32) throws(SocketError) {
        var watched = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&watched, 1, connectTimeoutMilliseconds) == 1 else {
            throw SocketError(call: "connect (timed out)", code: ETIMEDOUT)
        }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
        guard failure == 0 else { throw SocketError(call: "connect", code: failure) }
    }
}

/// A socket call that failed, with the `errno` it left.
struct SocketError: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    init(call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
