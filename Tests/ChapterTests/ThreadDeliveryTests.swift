import Foundation
import Harness
import LoopbackLab
import Testing

@testable import ThreadDelivery

#if canImport(Glibc)
    import Glibc
#endif

/// The rules that run the chapter's models in child processes. The rules that need the main queue
/// drained are in `ThreadDeliveryMainQueueTests`, under XCTest.
@Suite("Chapter 6: thread delivery")
struct ThreadDeliveryTests {
    @Test func anInlineClosureInAMainActorModelStopsTheChildOnTheIsolationSignal() async throws {
        let (run, requests) = try await runAndCountRequests(.inlineClosures, inlineClosureStopsTheProcess)
        // Intel and AMD trap with an illegal instruction, ARM with a breakpoint, on every system.
        #if arch(x86_64)
            #expect(run.ending == .signalled(SIGILL), "\(run)")
        #else
            #expect(run.ending == .signalled(SIGTRAP), "\(run)")
        #endif
        #expect(run.name == nil)
        #expect(run.setOnMainThread == nil)
        // The request was sent and answered: the crash came with the response, not before it.
        #expect(requests == 1)
    }

    @Test func theBacktraceNamesTheClosureAndTheMainActorCheck() async throws {
        let finding = try await measure(backtraceNamesTheIsolationCheck)
        let path = finding.value.crashPath
        #expect(path.first == "closure #1 in UserNameModel.load(from:session:)")
        #expect(path.last == "dispatch_assert_queue")
        #expect(path.count == 3)
        // The runtime's check between them: this toolchain's name everywhere but on Apple systems
        // whose runtime still asserts from swift_task_isCurrentExecutorImpl.
        #if os(Linux)
            #expect(path.dropFirst().first == "_swift_task_checkIsolatedSwift")
        #else
            #expect(path.dropFirst().first.map(isRuntimeIsolationCheck) == true)
        #endif
        #expect(finding.holds)
    }

    @Test func theSameModelOnAMainQueueSessionLoadsTheNameWithoutCrashing() async throws {
        let (run, requests) = try await runAndCountRequests(
            .inlineClosuresOnAMainQueueSession, mainQueueSessionLoadsTheName)
        #expect(run.ending == .exited(0), "\(run)")
        #expect(run.name == "Ada Lovelace")
        #expect(run.setOnMainThread == true)
        #expect(requests == 1)
    }

    @Test(
        arguments: [
            (NameLoading.nonisolatedFunction, nonisolatedFunctionLoadsTheName),
            (.sendableClosures, sendableClosuresLoadTheName),
            (.keyPaths, keyPathsLoadTheName),
            (.unmarkedFunction, unmarkedFunctionLoadsTheName),
        ] as [(NameLoading, @Sendable (Lab) async -> Finding<NameLoadRun>)])
    func eachFixEndsNormallyWithTheNameSetOnTheMainThread(
        way: NameLoading, rule: @Sendable (Lab) async -> Finding<NameLoadRun>
    ) async throws {
        let (run, requests) = try await runAndCountRequests(way, rule)
        #expect(run.ending == .exited(0), "\(run)")
        #expect(run.name == "Ada Lovelace")
        #expect(run.setOnMainThread == true)
        #expect(run.crashPath.isEmpty)
        #expect(requests == 1)
    }

    @Test func theChildIsChosenByTheEnvironmentAndAMistakeIsNamed() throws {
        #expect(ModelChild.request(in: [:]) == nil)
        let url = "http://127.0.0.1:1/users/1"
        let chosen = try #require(
            try ModelChild.request(in: [ModelChild.wayVariable: "key-paths", ModelChild.urlVariable: url])?
                .get())
        #expect(chosen.0 == .keyPaths)
        #expect(chosen.1.absoluteString == url)
        let unknown = ModelChild.request(in: [ModelChild.wayVariable: "inline", ModelChild.urlVariable: url])
        #expect(mistake(unknown)?.contains("names no way to load") == true)
        let noURL = ModelChild.request(in: [ModelChild.wayVariable: "key-paths"])
        #expect(mistake(noURL)?.contains("needs \(ModelChild.urlVariable)") == true)
    }

    /// Runs `rule` on a lab of its own and counts the requests its child sent for `way`'s URL.
    private func runAndCountRequests(
        _ way: NameLoading, _ rule: (Lab) async -> Finding<NameLoadRun>
    ) async throws -> (NameLoadRun, requests: Int) {
        let lab = try await Lab.open()
        defer { lab.close() }
        let run = await rule(lab).value
        return (run, lab.requestCount(for: lab.url(Route.user, tag: way.rawValue)))
    }

    private func mistake(_ request: Result<(NameLoading, URL), ModelChild.Mistake>?) -> String? {
        guard case .failure(let mistake) = request else { return nil }
        return mistake.description
    }
}
