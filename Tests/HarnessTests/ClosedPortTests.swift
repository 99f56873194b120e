import Foundation
import LoopbackLab
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("closed loopback port")
struct ClosedPortTests {
    @Test func aRequestToItIsRefused() async {
        let url = closedLoopbackURL().appending(path: "/anything")
        #expect(url.host == "127.0.0.1")
        #expect((url.port ?? 0) > 0)
        let session = URLSession(configuration: URLSessionConfiguration.ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var failure: URLError.Code?
        do {
            _ = try await session.data(from: url)
        } catch {
            failure = (error as? URLError)?.code
        }
        #expect(failure == .cannotConnectToHost)
    }

    /// The port stays taken: binding another socket to it fails, so no server started later (by
    /// another test, say) can answer where a refusal is expected.
    @Test func noOtherSocketCanBindIt() throws {
        let port = closedLoopbackPort()
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let failure = errno
        #expect(result == -1)
        #expect(failure == EADDRINUSE)
        #expect(closedLoopbackPort() == port)
    }
}
