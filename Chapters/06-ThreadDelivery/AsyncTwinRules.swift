import ChildProcesses
import Foundation
import Harness
import LoopbackLab
import Timelines
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The async/await twins of the chapter's rules, in the order the report lists them, after the
/// Combine rows: the same lab, the same route, the same build settings.
let awaitedThreadDeliveryRules =
    [
        Rule("await: a @MainActor model resumes on the main thread", awaitingModelResumesOnTheMainThread),
        Rule.demonstration(
            "await: an inline closure sent to a helper does not compile", inlineClosureDoesNotCompile),
        Rule("await: a nonisolated async helper resumes off main", helperResumesOffTheMainThread),
    ] + awaitedBuildSettingRules

// MARK: - The model

/// What `AwaitingNameModel` showed, and where its decoding, the first line after its `await`, ran.
struct AwaitedLoad: Equatable, Sendable {
    var name: String?
    /// The label of the queue the decode ran on, nil when nothing was decoded.
    var decodedOn: String?
    var onMainThread: Bool?
    /// Whether it ran on the session's delegate queue, where URLSession calls back.
    var onDelegateQueue: Bool?

    init(name: String?, decode: WatchedDecoder.Decode?) {
        self.name = name
        decodedOn = decode?.queue
        onMainThread = decode?.onMainThread
        onDelegateQueue = decode?.onDelegateQueue
    }

    init(name: String, decodedOn queue: String, onMainThread: Bool, onDelegateQueue: Bool) {
        self.name = name
        decodedOn = queue
        self.onMainThread = onMainThread
        self.onDelegateQueue = onDelegateQueue
    }

    var summary: String {
        guard let decodedOn, let onMainThread else { return "\(name ?? "no name"), nothing decoded" }
        let delegate = onDelegateQueue == true ? " (delegate queue)" : ""
        return "\(name ?? "no name"), decoded on \(decodedOn)\(delegate), "
            + (onMainThread ? "main thread" : "off the main thread")
    }
}

// excerpt: awaiting-model-resumes
/// The model is `@MainActor`, so its `load` runs on the main actor, awaits `data(for:)`, and
/// resumes there: the decode right after the `await` runs on the main queue, on the main thread,
/// with no `receive(on:)` and no `MainActor.run` anywhere. The decoder notes where it ran.
@MainActor
func awaitingModelResumesOnTheMainThread(in lab: Lab) async -> Finding<AwaitedLoad> {
    let decoder = WatchedDecoder(watching: lab.session)
    let model = AwaitingNameModel(decoder: decoder)
    let url = lab.url(Route.user, tag: "awaiting-model")
    Timeline.current?.record(.action, lane: awaitLane, detail: "await model.load(from:session:)")
    await model.load(from: url, session: lab.session)
    Timeline.current?.record(.value, lane: awaitLane, detail: "shows \(model.name ?? "no name")")
    return Finding(
        expected: AwaitedLoad(
            name: "Ada Lovelace", decodedOn: mainQueueLabel, onMainThread: true, onDelegateQueue: false),
        measured: AwaitedLoad(name: model.name, decode: decoder.decodes.first), describe: \.summary)
}
// end excerpt

// MARK: - The crash's twin

/// The inline closure's model, compiled as the chapter is built: the compiler refuses it, with one
/// error on the line that hands the closure to `fetched`. Its twin in Combine compiled cleanly
/// and stopped the process at run time.
func inlineClosureDoesNotCompile(in lab: Lab) async -> Finding<Rejection> {
    let rejection = await compileTheInlineClosureModel()
    let expected = Rejection(
        ending: "exit 1",
        errors: [
            CompilerError(
                file: rejectedModelFile.lastPathComponent,
                line: lineOfTheFetchedCall(in: rejectedModelFile) ?? 0,
                message:
                    "sending value of non-Sendable type '(Data) throws -> String' risks causing data races")
        ])
    return Finding(
        expected: describe(expected), value: rejection, measured: describe(rejection),
        holds: rejection == expected)
}

/// A rejection as a report row says it: each error, and the line it names when that is not the
/// line of the `fetched` call.
private func describe(_ rejection: Rejection) -> String {
    guard !rejection.errors.isEmpty else { return "\(rejection.ending), no error" }
    let fetchedLine = lineOfTheFetchedCall(in: rejectedModelFile)
    let errors = rejection.errors.map { error in
        let place = error.line == fetchedLine ? "at the fetched call" : "\(error.file):\(error.line)"
        return "error \(place): \(error.message)"
    }
    return (rejection.ending == "exit 1" ? "" : "\(rejection.ending), ") + errors.joined(separator: "; ")
}

// MARK: - The helper

/// Where each helper's decoding ran in the chapter's own build, SwiftPM's default settings: the
/// nonisolated helper and the `@concurrent` one both resume off the main thread, and the inline
/// closure is not built (the row before shows why).
@MainActor
func helperResumesOffTheMainThread(in lab: Lab) async -> Finding<HelperResumption> {
    let resumption = await helperResumption(from: lab.url(Route.user, tag: "helper"), session: lab.session) {
        Timeline.current?.record(.action, lane: awaitLane, detail: $0)
    }
    return Finding(
        expected: HelperResumption(
            helper: .offTheMainThread, concurrent: concurrentResumption, inlineClosure: .notBuilt),
        measured: resumption, describe: \.summary)
}

/// Where the `@concurrent` helper resumes: off the main thread, on a compiler that has the attribute.
private var concurrentResumption: Resumed {
    #if compiler(>=6.2)
        .offTheMainThread
    #else
        .notBuilt
    #endif
}

// MARK: - The helper under each build setting

/// The helper rows again, each in a child built with a setting a new project may have. A compiler
/// older than 6.2 knows neither setting, and `Package.swift` builds no such target.
#if compiler(>=6.2)
    let awaitedBuildSettingRules = BuildSetting.allCases.map { setting in
        let resumes = setting.runsAsyncOnTheCaller ? "on" : "off"
        return Rule("await: \(setting.name): it resumes \(resumes) main") { lab in
            await helperResumption(builtWith: setting, in: lab)
        }
    }
#else
    let awaitedBuildSettingRules: [Rule] = []
#endif

/// A child built with one setting, and where its helpers resumed.
struct HelperRun: Equatable, Sendable {
    var ending: String
    var resumption: HelperResumption

    var summary: String {
        (ending == "exit 0" ? "" : "\(ending), ") + resumption.summary
    }
}

// excerpt: helpers-under-a-setting
/// Runs the helpers in a child built with `setting`. Under `NonisolatedNonsendingByDefault` a
/// nonisolated async function runs on its caller's actor, so `fetched` resumes on the main actor,
/// and the inline closure, which no longer leaves it, compiles; `@concurrent` still leaves it.
/// `MainActor` by default changes nothing here: `fetched` says `nonisolated`.
func helperResumption(builtWith setting: BuildSetting, in lab: Lab) async -> Finding<HelperRun> {
    let url = lab.url(Route.user, tag: "helper-\(setting.rawValue)")
    let measured: HelperRun
    do {
        let run = try await runHelperChild(builtWith: setting, loading: url)
        measured = HelperRun(ending: run.ending.description, resumption: HelperResumption(report: run.report))
    } catch {
        measured = HelperRun(ending: "could not start: \(error)", resumption: HelperResumption(report: [:]))
    }
    let onTheCaller = setting.runsAsyncOnTheCaller
    return Finding(
        expected: HelperRun(
            ending: "exit 0",
            resumption: HelperResumption(
                helper: onTheCaller ? .onTheMainThread : .offTheMainThread, concurrent: .offTheMainThread,
                inlineClosure: onTheCaller ? .onTheMainThread : .notBuilt)),
        measured: measured, describe: \.summary)
}
// end excerpt

/// The helpers' child built with `setting`, loading the user at `url`, drawn on the timeline: its
/// launch, each awaited call and each decode on the thread and at the time the child saw it (the
/// child reports them from its own timeline), and how the child ended.
func runHelperChild(builtWith setting: BuildSetting, loading url: URL) async throws -> ChildProcessRun {
    try await setting.runChild(loading: url, as: HelperChild.urlVariable) { run, _ in
        ChildTimeline.replay(run.report, into: Timeline.current)
    }
}
