import Foundation
import Testing
import Workbook

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
}
