import Foundation
import Harness
import LoopbackLab
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The helpers of the async/await twin run as a child process built with one setting
/// (`Sources/BuildSettings`), so that the chapter can see where each resumes in a project with
/// that setting. `WORKBOOK_THREAD_DELIVERY_HELPER_URL` names the user to load; the child writes
/// one `key=value` line a helper on standard output, each at once, then what it recorded on its own
/// timeline (each awaited call and each decode, with its thread and time), and exits 0.
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
        let recorded = ChildTimeline()
        let resumption = await recorded.recording {
            await helperResumption(from: url, session: session) {
                Timeline.current?.record(.action, lane: awaitLane, detail: $0)
            }
        }
        for (key, value) in resumption.reportLines + recorded.reportLines {
            FileHandle.standardOutput.write(Data("\(key)=\(value)\n".utf8))
        }
        exit(0)
    }
}
