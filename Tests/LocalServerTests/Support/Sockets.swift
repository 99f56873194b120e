import Foundation
import LocalServer

/// How many of this process's descriptors are TCP sockets whose local port is `port`: for a server,
/// its listener and the connections it accepted, whatever other tests in the process have open.
///
/// Every descriptor number below the process's limit is asked what it is, with calls that Linux and
/// macOS both have; a number that is not open fails them.
func openSocketCount(localPort port: UInt16) -> Int {
    (0..<getdtablesize()).count { descriptor in
        var type: Int32 = 0
        var typeLength = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &typeLength) == 0,
            type == LoopbackSocket.streamType
        else { return false }
        guard let address = LoopbackSocket.localAddress(of: descriptor) else { return false }
        return address.isIPv4 && address.port == port
    }
}

/// Whether a listening socket can be bound to `port` on 127.0.0.1 right now (with `SO_REUSEADDR`).
func canBind(port: UInt16) -> Bool {
    let descriptor = LoopbackSocket.open()
    defer { close(descriptor) }
    var reuse: Int32 = 1
    _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    return LoopbackSocket.bind(descriptor, port: port) == 0 && listen(descriptor, 1) == 0
}

/// Whether `serverThreadNames(port:)` can see the server's threads: only on Linux does the server
/// name them, and only Linux lists a process's threads, with their names, in `/proc`.
let serverThreadsAreListed: Bool = {
    #if os(Linux)
        true
    #else
        false
    #endif
}()

/// The names of this process's threads that serve the server on `port`.
func serverThreadNames(port: UInt16) throws -> [String] {
    let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
    return threads.compactMap { thread in
        let name = try? String(contentsOfFile: "/proc/self/task/\(thread)/comm", encoding: .utf8)
        return name.map { $0.trimmingCharacters(in: .newlines) }.flatMap {
            $0.hasPrefix("LS\(port)#") ? $0 : nil
        }
    }
}

/// Whether connecting to `port` on `host` is refused, as it is when nothing listens there.
///
/// A connection from a port to itself counts as refused: when nothing listens on a free port in
/// the ephemeral range, Linux may pick that very port as the source and connect the socket to itself.
func isRefused(port: UInt16, host: String = "127.0.0.1") -> Bool {
    let descriptor = LoopbackSocket.open()
    defer { close(descriptor) }
    guard LoopbackSocket.connect(descriptor, port: port, host: host) == 0 else {
        return errno == ECONNREFUSED
    }
    let local = LoopbackSocket.localAddress(of: descriptor)
    return local?.port == port && local?.host == inet_addr(host)
}
