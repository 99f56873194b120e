import Foundation
import LocalServer

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
    let descriptor = LoopbackSocket.open()
    precondition(descriptor >= 0, "could not open a socket: errno \(errno)")
    let address =
        LoopbackSocket.bind(descriptor, port: 0) == 0 ? LoopbackSocket.localAddress(of: descriptor) : nil
    guard let address else { preconditionFailure("could not bind 127.0.0.1:0: errno \(errno)") }
    return address.port
}()

/// An `http://` URL on 127.0.0.1 whose port has no listener: requests to it fail to connect.
public func closedLoopbackURL() -> URL {
    URL(string: "http://127.0.0.1:\(closedLoopbackPort())")!
}
