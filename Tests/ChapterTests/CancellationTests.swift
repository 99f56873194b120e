import Foundation
import LoopbackLab
import Testing

@testable import Cancellation

@Suite("Chapter 5: cancellation")
struct CancellationTests {
    @Test func aSinkCapturingSelfKeepsItsModelAliveWhileWeakSelfAndAssignFreeIt() async throws {
        let finding = try await measure(sinkCapturingSelfKeepsItsModelAlive)
        #expect(finding.value.followed == [1, 1, 1])
        #expect(!finding.value.capturingSelfFreed)
        #expect(finding.value.weakSelfFreed)
        #expect(finding.value.assigningFreed)
        #expect(finding.holds)
    }

    @Test func aHandlerCapturingSelfKeepsTheLoaderUntilTheAnswerThenLetsItGo() async throws {
        let finding = try await measure(handlerCapturingSelfOnlyDelaysRelease)
        #expect(finding.value.aliveWhileTheAnswerWasPending)
        #expect(finding.value.freedAfterTheAnswer)
        #expect(finding.holds)
    }

    @Test func aRequestInFlightIsOneRunningTaskThatTheServerHas() async throws {
        let finding = try await measure(requestInFlightIsOneRunningTask)
        #expect(finding.value.taskStates == ["running"])
        #expect(finding.value.serverHasRequest)
        #expect(finding.holds)
    }

    @Test func cancelLeavesNoTaskDeliversNothingAndTheServerSeesTheClientLeave() async throws {
        let finding = try await measure(cancelEndsTheTaskSilently)
        expectSilentCancel(finding.value)
        #expect(finding.holds)
    }

    @Test func aCancellableGoingOutOfScopeCancelsLikeCancel() async throws {
        let finding = try await measure(cancellableGoingOutOfScopeCancels)
        expectSilentCancel(finding.value)
        #expect(finding.holds)
    }

    @Test func emptyingTheSetCancelsLikeCancel() async throws {
        let finding = try await measure(emptyingTheSetCancels)
        expectSilentCancel(finding.value)
        #expect(finding.holds)
    }

    /// Pins Apple's behaviour (on Apple platforms, not measured here): the publisher passes on the
    /// data task's error, `URLError.cancelled` included, when anything but the subscription cancels it.
    @Test func theSessionsTaskCancelledDirectlyFailsTheSubscriberWithCancelled() async throws {
        let finding = try await measure(cancellingTheTaskItselfDeliversCancelled)
        #expect(finding.value.delivered == "failed: URLError.cancelled")
        #expect(finding.value.clientLeftBeforeTheAnswer)
        #expect(finding.holds)
    }

    @Test func theOwnerGoingAwayFreesItAndCancelsLikeCancel() async throws {
        let finding = try await measure(ownerGoingAwayCancels)
        #expect(finding.value.ownerFreed)
        expectSilentCancel(finding.value.after)
        #expect(finding.holds)
    }

    @Test func anUnstoredSinkGetsNeitherValueNorCompletion() async throws {
        let finding = try await measure(unstoredSinkGetsNothing)
        #expect(finding.value.values == 0)
        #expect(finding.value.completions == 0)
        // Whether the request got out before the cancel is a race on Linux: once or not at all.
        #expect((0...1).contains(finding.value.requestsAtServer))
        #expect(finding.holds)
    }

    @Test func aCancelledPostIsOnTheServersRecordAndWasNeverAnswered() async throws {
        let finding = try await measure(cancelledPostStillTookEffect)
        #expect(finding.value.ordersOnRecord == 1)
        #expect(finding.value.values == 0)
        #expect(finding.value.completions == 0)
        #expect(finding.value.clientLeftBeforeTheAnswer)
        #expect(finding.holds)
    }

    @Test func awaitedARequestInFlightIsOneRunningTaskThatTheServerHas() async throws {
        let finding = try await measure(awaitedRequestInFlightIsOneRunningTask)
        #expect(finding.value.taskStates == ["running"])
        #expect(finding.value.serverHasRequest)
        #expect(finding.holds)
    }

    @Test func cancellingTheTaskLeavesNoTaskAndTellsTheAwaiterWithURLErrorCancelled() async throws {
        let finding = try await measure(taskCancelEndsTheTaskAndThrows)
        expectToldOfTheCancel(finding.value)
        #expect(finding.holds)
    }

    @Test func anAsyncLetLeftUnawaitedIsCancelledAndEndsBeforeItsScopeReturns() async throws {
        let finding = try await measure(unawaitedAsyncLetIsCancelled)
        #expect(finding.value.endedBeforeTheScopeReturned)
        expectToldOfTheCancel(finding.value.after)
        #expect(finding.holds)
    }

    @Test func aCancelDuringTheSleepThrowsCancellationErrorAndSendsNoRequest() async throws {
        let finding = try await measure(cancelInTheSleepThrowsCancellationError)
        #expect(finding.value.outcome == "threw CancellationError()")
        #expect(finding.value.requests == 0)
        #expect(finding.holds)
    }

    @Test func anOwnerThatCancelsInDeinitIsFreedAndItsLoadThrowsCancelled() async throws {
        let finding = try await measure(ownerCancellingInDeinitCancels)
        #expect(finding.value.ownerFreed)
        expectToldOfTheCancel(finding.value.after)
        #expect(finding.holds)
    }

    @Test func aTaskWhoseHandleNobodyKeptReachesTheServerAndReturnsTheBody() async throws {
        let finding = try await measure(unstoredTaskRunsToTheEnd)
        #expect(finding.value.requests == 1)
        #expect(finding.value.outcome == "returned \(RouteTable.userBody.utf8.count) bytes, threw nothing")
        #expect(finding.holds)
    }

    @Test func anAwaitedCancelledPostIsOnRecordAndTheAwaiterWasToldCancelled() async throws {
        let finding = try await measure(awaitedCancelledPostStillTookEffect)
        #expect(finding.value.ordersOnRecord == 1)
        #expect(finding.value.outcome == "threw URLError.cancelled")
        #expect(finding.value.clientLeftBeforeTheAnswer)
        #expect(finding.holds)
    }

    @Test func aLoopHoldingSelfKeepsItsModelUntilTheStreamEndsWhileAWeakOneLetsItGo() async throws {
        let finding = try await measure(loopCapturingSelfKeepsItsModel)
        #expect(finding.value.followed == [1, 1, 1])
        #expect(finding.value.keptAfterLettingGo == [true, false, true])
        #expect(finding.value.freedInTheEnd == [true, true, true])
        #expect(finding.value.freedModelsLoopEnded)
        #expect(finding.holds)
    }

    @Test func aTaskCapturingSelfKeepsItsModelUntilTheTaskEndsThenLetsItGo() async throws {
        let finding = try await measure(taskCapturingSelfOnlyDelaysRelease)
        #expect(finding.value.aliveWhileTheTaskRan)
        #expect(finding.value.freedOnceItEnded)
        #expect(finding.holds)
    }

    /// No task left, the awaiting code told with `URLError.cancelled`, and the server saw the client
    /// leave before its answer.
    private func expectToldOfTheCancel(_ after: AwaitedEnd, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(after.tasks == 0, sourceLocation: sourceLocation)
        #expect(after.outcome == "threw URLError.cancelled", sourceLocation: sourceLocation)
        #expect(after.clientLeftBeforeTheAnswer, sourceLocation: sourceLocation)
    }

    /// No task left, nothing delivered, and the server saw the client leave before its answer.
    private func expectSilentCancel(_ after: AfterCancel, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(after.tasks == 0, sourceLocation: sourceLocation)
        #expect(after.values == 0, sourceLocation: sourceLocation)
        #expect(after.completions == 0, sourceLocation: sourceLocation)
        #expect(after.clientLeftBeforeTheAnswer, sourceLocation: sourceLocation)
    }
}
