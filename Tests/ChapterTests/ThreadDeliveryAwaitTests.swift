import Foundation
import Harness
import LoopbackLab
import TestSupport
import Testing
import XCTest

@testable import ThreadDelivery

/// The async/await twin's rows that need the main actor on the main thread, with the main queue
/// served: XCTest's `@MainActor` tests have that, Swift Testing's do not.
final class ThreadDeliveryAwaitMainQueueTests: XCTestCase {
    @MainActor
    func testTheAwaitingModelDecodesRightAfterItsAwaitOnTheMainQueueWithNoHopWritten() async throws {
        let load = try await measureOnTheMainActor(awaitingModelResumesOnTheMainThread).value
        XCTAssertEqual(load.name, "Ada Lovelace")
        XCTAssertEqual(load.decodedOn, "com.apple.main-thread")
        XCTAssertEqual(load.onMainThread, true)
        XCTAssertEqual(load.onDelegateQueue, false)
    }

    @MainActor
    func testInTheDefaultBuildANonisolatedHelperAndAConcurrentOneResumeOffTheMainThread() async throws {
        let resumption = try await measureOnTheMainActor(helperResumesOffTheMainThread).value
        XCTAssertEqual(resumption.helper, .offTheMainThread)
        #if compiler(>=6.2)
            XCTAssertEqual(resumption.concurrent, .offTheMainThread)
        #endif
        // The default build leaves the inline closure out: the compiler rejects it there.
        XCTAssertEqual(resumption.inlineClosure, .notBuilt)
    }
}

/// The twin's row that runs the compiler. Compiling costs seconds, so the test reads the row from
/// the chapter's run that the whole suite shares (`ChapterRuns`), where the compiler ran once.
@Suite("Chapter 6: thread delivery in async/await")
struct ThreadDeliveryAwaitTests {
    @Test func theInlineClosureModelIsRejectedWithOneDataRaceErrorOnTheFetchedCall() async throws {
        let run = try await ChapterRuns.shared.run("ThreadDelivery")
        let row = try #require(
            run.output.split(separator: "\n").first {
                $0.contains("await: an inline closure sent to a helper does not compile")
            })
        #expect(
            row.hasSuffix(
                " ✓ reproduced: error at the fetched call: sending value of non-Sendable type"
                    + " '(Data) throws -> String' risks causing data races"),
            "\(row)")
    }

    @Test func compilerErrorsAreReadWithTheirFileAndLineOnceEachWithoutTheirGroup() {
        let output = """
            /p/Chapters/06-ThreadDelivery/InlineClosureNameModel.swift:29:32: error: sending value of non-Sendable type '(Data) throws -> String' risks causing data races [#SendingRisksDataRace]
                            name = try await fetched(from: url, session: session) { data in
            /p/Chapters/06-ThreadDelivery/InlineClosureNameModel.swift:29:32: note: sending main actor-isolated value
            /p/Chapters/06-ThreadDelivery/InlineClosureNameModel.swift:29:32: error: sending value of non-Sendable type '(Data) throws -> String' risks causing data races [#SendingRisksDataRace]
            /p/A.swift:3:1: error: cannot find 'x' in scope
            """
        #expect(
            compilerErrors(in: output) == [
                CompilerError(
                    file: "InlineClosureNameModel.swift", line: 29,
                    message:
                        "sending value of non-Sendable type '(Data) throws -> String' risks causing data races"
                ),
                CompilerError(file: "A.swift", line: 3, message: "cannot find 'x' in scope"),
            ])
    }

    @Test func theExpectedLineIsTheModelsCallToFetched() throws {
        let line = try #require(lineOfTheFetchedCall(in: rejectedModelFile))
        let text = try String(contentsOf: rejectedModelFile, encoding: .utf8)
        #expect(
            text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1].contains("fetched(from:"))
    }
}
