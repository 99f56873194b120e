import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that nothing listens on, so a connection to it is refused at once.
///
/// The system picks a free port when a socket binds port 0; reading that port and closing the
/// socket leaves a port that was free a moment ago and now has no listener. Another process could
/// claim it in between, but the system hands out ephemeral ports in rotation, so in practice a
/// connection attempt right after this is refused.
public func closedLoopbackPort() -> UInt16 {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    precondition(descriptor >= 0, "could not open a socket: errno \(errno)")
    defer { close(descriptor) }

    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
            bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
        }
    }
    precondition(bound, "could not bind 127.0.0.1:0: errno \(errno)")
    return UInt16(bigEndian: address.sin_port)
}

/// An `http://` URL on 127.0.0.1 whose port has no listener: requests to it fail to connect.
public func closedLoopbackURL() -> URL {
    URL(string: "http://127.0.0.1:\(closedLoopbackPort())")!
}
