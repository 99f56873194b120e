import Foundation
import LocalServer
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
        let descriptor = LoopbackSocket.open()
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let result = LoopbackSocket.bind(descriptor, port: port)
        let failure = errno
        #expect(result == -1)
        #expect(failure == EADDRINUSE)
        #expect(closedLoopbackPort() == port)
    }
}
