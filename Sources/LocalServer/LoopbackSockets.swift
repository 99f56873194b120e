import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The IPv4 socket calls the server, the lab, the benchmark and the tests make on loopback, written
/// once: opening a TCP socket, binding or connecting it to a port, and reading back where it is.
public enum LoopbackSocket {
    /// `SOCK_STREAM` as `socket` takes it: a `__socket_type` case on Glibc, a plain `Int32` on Darwin.
    public static let streamType: Int32 = {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }()

    /// A new IPv4 TCP socket's descriptor, or -1 with `errno` set.
    public static func open() -> Int32 {
        socket(AF_INET, streamType, 0)
    }

    /// Binds `descriptor` to `port` (0 for one the system picks) on `host`: `bind`'s result, 0 or
    /// -1 with `errno` set.
    public static func bind(_ descriptor: Int32, port: UInt16, host: String = "127.0.0.1") -> Int32 {
        withAddress(port: port, host: host) { Foundation.bind(descriptor, $0, $1) }
    }

    /// Connects `descriptor` to `port` on `host`: `connect`'s result, 0 or -1 with `errno` set
    /// (`EINPROGRESS` for a non-blocking socket still connecting).
    public static func connect(_ descriptor: Int32, port: UInt16, host: String = "127.0.0.1") -> Int32 {
        withAddress(port: port, host: host) { Foundation.connect(descriptor, $0, $1) }
    }

    /// Where `descriptor` is bound, as `getsockname` says, or `nil` (with `errno` set) when it fails.
    public static func localAddress(of descriptor: Int32) -> (port: UInt16, host: in_addr_t, isIPv4: Bool)? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return nil }
        return (
            UInt16(bigEndian: address.sin_port), address.sin_addr.s_addr,
            address.sin_family == sa_family_t(AF_INET)
        )
    }

    /// Calls `body` with the IPv4 address of `port` on `host`, as the generic `sockaddr` and length
    /// that `bind` and `connect` take.
    private static func withAddress(
        port: UInt16, host: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }
}
