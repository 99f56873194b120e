import Foundation
import LocalServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that speaks plain HTTP, for the request that expects TLS there. It answers the
/// first connection at once with a `400` and closes it, without waiting for a request: an HTTP
/// server answers so when the first bytes it reads are not a request, and a TLS handshake's first
/// bytes are not. (The lab's own server waits for a request's blank line instead, which a
/// handshake never sends, so the request would sit there until its timeout.)
struct PlainHTTPPort: Sendable {
    let port: UInt16
    private let listener: Int32

    /// Listens on a port the system picks, or nil when it cannot.
    init?() {
        listener = LoopbackSocket.open()
        guard listener >= 0 else { return nil }
        guard LoopbackSocket.bind(listener, port: 0) == 0, listen(listener, 1) == 0,
            let address = LoopbackSocket.localAddress(of: listener)
        else {
            close(listener)
            return nil
        }
        port = address.port
        let listener = listener
        Thread {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let answer = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            _ = answer.utf8CString.withUnsafeBytes { write(connection, $0.baseAddress, $0.count - 1) }
            close(connection)
        }.start()
    }

    /// Stops listening, which also ends the wait for a connection that never came.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
