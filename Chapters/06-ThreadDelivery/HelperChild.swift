import Foundation
import LoopbackLab

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The helpers of the async/await twin run as a child process built with one setting
/// (`Sources/BuildSettings`), so that the chapter can see where each resumes in a project with
/// that setting. `WORKBOOK_THREAD_DELIVERY_HELPER_URL` names the user to load; the child writes
/// one `key=value` line a helper on standard output, each at once, and exits 0.
enum HelperChild {
    static let urlVariable = "WORKBOOK_THREAD_DELIVERY_HELPER_URL"

    /// The user's URL, when the environment asks for this child.
    static func request(in environment: [String: String]) -> URL? {
        environment[urlVariable].flatMap(URL.init(string:))
    }

    /// Measures `helperResumption(from:session:)` on the main actor, reports it, and exits.
    @MainActor
    static func run(from url: URL) async -> Never {
        let session = URLSession(configuration: Lab.sessionConfiguration())
        let resumption = await helperResumption(from: url, session: session)
        for (key, value) in resumption.reportLines {
            FileHandle.standardOutput.write(Data("\(key)=\(value)\n".utf8))
        }
        exit(0)
    }
}
