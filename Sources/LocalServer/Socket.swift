import Foundation

/// The POSIX socket calls the server makes, with the Linux and Darwin spellings kept in one place.
enum Socket {
    /// A non-blocking TCP socket listening on 127.0.0.1 at an ephemeral port.
    static func listenOnLoopback() throws(LocalServerError) -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw .socket(call: "socket", errno: errno) }
        do {
            try configureListener(descriptor)
            return (descriptor, try boundPort(descriptor))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// The next pending connection as a non-blocking socket, or `nil` (with `errno` set) when there is none.
    static func accept(from listener: Int32) -> Int32? {
        let descriptor = Foundation.accept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        makeNonBlocking(descriptor)
        #if !canImport(Glibc)
            setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
        // Each response goes out in one write, so waiting to coalesce small segments only adds latency.
        setOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        return descriptor
    }

    /// Writes what the socket takes now; the count written, or -1 with `errno` set.
    static func send(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
            Foundation.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
            Foundation.send(descriptor, bytes.baseAddress, bytes.count, 0)
        #endif
    }

    /// Reads what has arrived; the count read (0 at end of stream), or -1 with `errno` set.
    static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        recv(descriptor, buffer.baseAddress, buffer.count, 0)
    }

    /// Whether a failed call only means "try again when the socket is ready".
    static var wouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }

    private static var streamType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// Non-blocking, and not inherited by child processes (the tests start curl).
    private static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func configureListener(_ descriptor: Int32) throws(LocalServerError) {
        #if !canImport(Glibc)
            makeNonBlocking(descriptor)
        #endif
        // Lets a new server bind the port at once even while closed connections linger in TIME_WAIT.
        setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, 1)
        guard LoopbackSocket.bind(descriptor, port: 0) == 0 else { throw .socket(call: "bind", errno: errno) }
        guard listen(descriptor, SOMAXCONN) == 0 else { throw .socket(call: "listen", errno: errno) }
    }

    private static func boundPort(_ descriptor: Int32) throws(LocalServerError) -> UInt16 {
        guard let address = LoopbackSocket.localAddress(of: descriptor) else {
            throw .socket(call: "getsockname", errno: errno)
        }
        return address.port
    }

    private static func setOption(_ descriptor: Int32, _ level: Int32, _ option: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(descriptor, level, option, &value, socklen_t(MemoryLayout<Int32>.size))
    }
}
