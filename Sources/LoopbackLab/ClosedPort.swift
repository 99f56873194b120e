import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that nothing listens on, so a connection to it is refused at once.
///
/// The port stays this process's for its whole life: a socket bound to it, never listening, is kept
/// open. While it is, the system hands the port to no one else, so another test's server cannot
/// start on it and answer where a refusal was expected; and as nothing listens, a connection to it
/// is still refused.
public func closedLoopbackPort() -> UInt16 {
    reservedClosedPort
}

/// Bound once, on first use, and never closed.
private let reservedClosedPort: UInt16 = {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    precondition(descriptor >= 0, "could not open a socket: errno \(errno)")
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
}()

/// An `http://` URL on 127.0.0.1 whose port has no listener: requests to it fail to connect.
public func closedLoopbackURL() -> URL {
    URL(string: "http://127.0.0.1:\(closedLoopbackPort())")!
}
