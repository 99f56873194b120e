import Foundation

/// How many of this process's descriptors are TCP sockets whose local port is `port`: for a server,
/// its listener and the connections it accepted, whatever other tests in the process have open.
func openSocketCount(localPort port: UInt16) throws -> Int {
    let inodes = try socketInodes(localPort: port)
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    return descriptors.filter { descriptor in
        guard
            let target = try? FileManager.default.destinationOfSymbolicLink(
                atPath: "/proc/self/fd/\(descriptor)"),
            target.hasPrefix("socket:[")
        else { return false }
        return inodes.contains(String(target.dropFirst("socket:[".count).dropLast()))
    }.count
}

/// The inodes of IPv4 TCP sockets bound to `port`, from the kernel's table.
private func socketInodes(localPort port: UInt16) throws -> Set<String> {
    // Read to the end: procfs files report no size, and a one-shot read gets only the first page.
    let file = try FileHandle(forReadingFrom: URL(filePath: "/proc/net/tcp"))
    defer { try? file.close() }
    let table = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    let portSuffix = ":" + String(format: "%04X", port)
    var inodes: Set<String> = []
    for line in table.split(separator: "\n").dropFirst() {
        let columns = line.split(separator: " ")
        guard columns.count > 9, columns[1].hasSuffix(portSuffix) else { continue }
        inodes.insert(String(columns[9]))
    }
    return inodes
}

/// Whether a listening socket can be bound to `port` on 127.0.0.1 right now (with `SO_REUSEADDR`).
func canBind(port: UInt16) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var reuse: Int32 = 1
    _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    return bound == 0 && listen(descriptor, 1) == 0
}

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
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr(host)
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { return errno == ECONNREFUSED }
    var local = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return local.sin_port == address.sin_port && local.sin_addr.s_addr == address.sin_addr.s_addr
}
