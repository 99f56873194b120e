import Combine
import Foundation
import Harness
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The migrated model run as a child process, so that the same source can be measured as a target
/// built with other settings (`Sources/BuildSettings*`): it loads the picture the way the chapter's
/// rule does and reports where the model set it.
///
/// The environment names the picture to load, `WORKBOOK_MIGRATED_MODEL_URL`; the child writes
/// `key=value` lines on standard output, each at once.
enum MigrationChild {
    nonisolated static let urlVariable = "WORKBOOK_MIGRATED_MODEL_URL"

    /// The picture's URL, when the environment asks for this child.
    nonisolated static func request(in environment: [String: String]) -> URL? {
        environment[urlVariable].flatMap(URL.init(string:))
    }

    /// Loads the picture from a task started on the main actor, as `onAppear` would start it, and
    /// reports it, whether it was set on the main thread and when; exits 0 when a picture was set.
    @MainActor
    static func run(from url: URL) async -> Never {
        let model = MigratedImageModel(session: URLSession(configuration: .ephemeral))
        let (watching, setOnMainThread) = threadOfEachChange(model.$picture.dropFirst())
        await Task { await model.fetchImage(from: url) }.value
        watching.cancel()
        let seen = setOnMainThread.withLock { $0.first }
        report("picture", model.picture.map { "\($0)" } ?? "none")
        report("set-on-main-thread", seen.map { String($0.onMainThread) } ?? "none")
        report("set-at", seen.map { ReportedInstant.text($0.at) } ?? "none")
        exit(seen == nil ? 1 : 0)
    }

    /// Notes, for each change `changes` publishes, whether it came on the main thread, and when.
    /// Nonisolated, so its closure has no main-actor check to fail when the model sets its picture
    /// elsewhere.
    nonisolated private static func threadOfEachChange(
        _ changes: some Publisher<ImageDescription?, Never>
    ) -> (AnyCancellable, Locked<[(onMainThread: Bool, at: ContinuousClock.Instant)]>) {
        let seen = Locked<[(onMainThread: Bool, at: ContinuousClock.Instant)]>([])
        let watching = changes.sink { _ in seen.withLock { $0.append((Thread.isMainThread, .now)) } }
        return (watching, seen)
    }

    /// Writes one `key=value` line to standard output at once, unbuffered.
    nonisolated static func report(_ key: String, _ value: String) {
        FileHandle.standardOutput.write(Data("\(key)=\(value)\n".utf8))
    }
}
