import Combine
import Foundation
import Harness
import TimeControl

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chapter run by its own rules as a child process: it loads one name one way and reports
/// what happened, so that a crash ends the child and the chapter can watch it end.
///
/// The rules say what to do in the environment, not on the command line, which belongs to the
/// chapter runner: `WORKBOOK_THREAD_DELIVERY_CHILD` names the way (`NameLoading`'s raw value) and
/// `WORKBOOK_THREAD_DELIVERY_URL` the user to load from the chapter's own server. The child writes
/// `key=value` lines on standard output, each at once, so that they survive a crash.
enum ModelChild {
    static let wayVariable = "WORKBOOK_THREAD_DELIVERY_CHILD"
    static let urlVariable = "WORKBOOK_THREAD_DELIVERY_URL"

    /// How long the child waits for the name before it gives up and exits 1.
    static let patience = Duration.seconds(30)

    /// What the environment asks the child to do: nothing when it names no way (the process runs
    /// as the chapter), a way and a URL, or a one-line complaint about what it names.
    static func request(in environment: [String: String]) -> Result<(NameLoading, URL), Mistake>? {
        guard let wayName = environment[wayVariable] else { return nil }
        guard let way = NameLoading(rawValue: wayName) else {
            let ways = NameLoading.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(Mistake(description: "\(wayVariable)=\(wayName) names no way to load (\(ways))"))
        }
        guard let url = environment[urlVariable].flatMap(URL.init(string:)), url.host() != nil else {
            return .failure(
                Mistake(description: "\(wayVariable) needs \(urlVariable), the URL of a user to load"))
        }
        return .success((way, url))
    }

    struct Mistake: Error, CustomStringConvertible {
        let description: String
    }

    /// Loads the name at `url` the given way, reports it and where and when it was set, and exits:
    /// 0 when a name arrived, 1 when none did in time. A way that crashes never gets past `loading`.
    @MainActor
    static func run(_ way: NameLoading, from url: URL) async -> Never {
        report("loading", way.rawValue)
        let model = UserNameModel()
        var setOnMainThread: Bool?
        var setAt: ContinuousClock.Instant?
        let watching = model.$name.dropFirst().sink { _ in
            setOnMainThread = Thread.isMainThread
            setAt = .now
        }
        way.start(on: model, from: url, session: way.makeSession())
        let loaded = await until(timeout: patience) { model.name != nil }
        watching.cancel()
        report("name", model.name ?? "none")
        report("set-on-main-thread", setOnMainThread.map(String.init) ?? "none")
        report("set-at", setAt.map(ReportedInstant.text) ?? "none")
        exit(loaded ? 0 : 1)
    }

    /// Writes one `key=value` line to standard output at once, unbuffered.
    static func report(_ key: String, _ value: String) {
        FileHandle.standardOutput.write(Data("\(key)=\(value)\n".utf8))
    }
}
