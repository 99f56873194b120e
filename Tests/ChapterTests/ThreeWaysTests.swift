import Foundation
import Harness
import LoopbackLab
import TestSupport
import Testing
import TypedClient

@testable import ThreeWays

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Chapter 8: three ways")
struct ThreeWaysTests {
    @Test func theCompletionHandlerRunsOnTheDelegateQueueOffTheMainThread() async throws {
        let finding = try await measure(completionHandlerRunsOffTheMainThread)
        #expect(finding.value.result == .success(ImageDescription(width: 16, height: 9)))
        #expect(finding.value.onDelegateQueue)
        #expect(!finding.value.onMainThread)
        #expect(finding.holds)
    }

    /// The server holds the answer until the rule has read the count, so a handler called before
    /// `downloadImage` returned would show here as a call, not as a lucky race.
    @Test func theEscapingHandlerHasNotRunWhenTheCallReturnsAndRunsOnceAfterTheAnswer() async throws {
        let finding = try await measure(completionHandlerOutlivesTheCall)
        #expect(finding.value == EscapingCall(callsWhenItReturned: 0, callsAfterTheAnswer: 1))
        #expect(finding.holds)
    }

    @Test func aDataTaskNeverResumedStaysSuspendedAndTheServerCountsNoRequest() async throws {
        let finding = try await measure(unresumedTaskSendsNothing)
        #expect(finding.value == UnresumedTask(state: "suspended", requestsAtServer: 0, handlerCalls: 0))
        #expect(finding.holds)
    }

    @Test func aSinkWhoseCancellableIsThrownAwayReceivesNoValueAndNoCompletion() async throws {
        let finding = try await measure(unstoredSubscriptionGetsNothing)
        #expect(finding.value == Deliveries(values: 0, completions: 0))
        #expect(finding.holds)
    }

    @Test func allThreeWaysDescribeTheSame16By9Image() async throws {
        let finding = try await measure(threeWaysReturnTheSameImage)
        let image = ImageDescription(width: 16, height: 9)
        #expect(finding.value.completionHandler == .success(image))
        #expect(finding.value.combine == .success([image]))
        #expect(finding.value.asyncAwait == .success(image))
        #expect(finding.holds)
    }

    @Test func tryQuestionMarkGivesNilForBothWhileTheTypedErrorsDiffer() async throws {
        let finding = try await measure(tryQuestionMarkHidesTheDifference)
        #expect(finding.value.missingWithTry == nil)
        #expect(finding.value.refusedWithTry == nil)
        #expect(finding.value.missingTyped == .status(404))
        #expect(finding.value.refusedTyped == .transport(.cannotConnectToHost))
        #expect(finding.holds)
    }

    @Test func cancellingTheAwaitingTaskCancelsTheDataTaskAndTheServerSeesTheClientLeave() async throws {
        let finding = try await measure(cancellingTheTaskCancelsTheRequest)
        #expect(finding.value.thrown == .failure(.transport(.cancelled)))
        #expect(finding.value.sessionTask == "completed, URLError.cancelled")
        #expect(finding.value.serverSawClientLeave)
        #expect(finding.holds)
    }

    @Test func theUnstructuredTaskBringsItsImageWhileTheChildIsCancelledWithTheOwner() async throws {
        let finding = try await measure(unstructuredTaskOutlivesItsOwner)
        #expect(finding.value.unstructured == .success(ImageDescription(width: 16, height: 9)))
        #expect(!finding.value.unstructuredCancelled)
        #expect(finding.value.child == .failure(.transport(.cancelled)))
        #expect(finding.value.childServerSawClientLeave)
        #expect(finding.holds)
    }

    /// Fifty suspended awaits add fewer threads than fifty; a download that blocked a thread while
    /// it waited would add one each. Counted in the chapter's own process, its shared run, since
    /// this test process runs other tests' threads side by side.
    @Test func fiftyDownloadsSuspendedAtAwaitAddFewerThreadsThanDownloads() async throws {
        ChapterRuns.shared.startAll(chapterNames)
        let output = try await ChapterRuns.shared.run("ThreeWays").output
        let rows = output.split(separator: "\n").filter { $0.contains("a suspended await holds no thread") }
        #expect(
            rows.first?.hasSuffix("50 downloads suspended at await, fewer new threads than downloads") == true
        )
        let counts = try #require(
            rows.lazy.compactMap { $0.firstMatch(of: /threads: (\d+) before, (\d+) while suspended/) }.first,
            "\(rows)")
        let (before, during) = (try #require(Int(counts.1)), try #require(Int(counts.2)))
        #expect(before > 0)
        #expect(during - before < 50, "\(counts.0)")
    }

    @Test func valuesYieldsTheImageThenEndsAndThrowsTheStatusForAMissingImage() async throws {
        let finding = try await measure(valuesFeedAForTryAwaitLoop)
        #expect(finding.value.map(\.images) == [[ImageDescription(width: 16, height: 9)], []])
        #expect(finding.value.map(\.thrown) == [nil, ".status(404)"])
        #expect(finding.holds)
    }

    @Test func theValidationReadsTheSizeFromIHDRAndRefusesWhatIsNotAPNGOr2xx() throws {
        let url = try #require(URL(string: "http://127.0.0.1/image.png"))
        let answer = { (status: Int) in
            HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
        }
        let picture = Data(PNGImage.bytes(width: 300, height: 2))
        #expect(validatedImage(picture, answer(200)) == .success(ImageDescription(width: 300, height: 2)))
        #expect(validatedImage(picture, answer(404)) == .failure(.status(404)))
        #expect(validatedImage(Data("not a png at all, only text".utf8), answer(200)) == .failure(.decoding))
        #expect(validatedImage(picture.prefix(20), answer(200)) == .failure(.decoding))
    }
}
