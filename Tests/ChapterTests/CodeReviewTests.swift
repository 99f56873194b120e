import Foundation
import Harness
import LoopbackLab
import XCTest

@testable import CodeReview

/// Chapter 9's rules. Both screens deliver on the main queue, as an app's do, so they are tested
/// under XCTest, whose `@MainActor` tests run on the main thread with the main queue drained
/// (Swift Testing's do not drain it).
final class CodeReviewTests: XCTestCase {
    private let users = ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"]

    @MainActor
    func testAsWrittenTheDecoderRunsOnTheMainQueueOnTheMainThread() async throws {
        let decode = try await onALabOfItsOwn(writtenDecodesOnTheMainThread).value
        XCTAssertEqual(decode?.queue, "com.apple.main-thread")
        XCTAssertEqual(decode?.onMainThread, true)
        XCTAssertEqual(decode?.onDelegateQueue, false)
    }

    @MainActor
    func testReviewedTheDecoderRunsOnTheDelegateQueueOffTheMainThread() async throws {
        let decode = try await onALabOfItsOwn(reviewedDecodesOffTheMainThread).value
        XCTAssertEqual(decode?.onMainThread, false)
        XCTAssertEqual(decode?.onDelegateQueue, true)
        XCTAssertNotEqual(decode?.queue, "com.apple.main-thread")
        XCTAssertNil(decode?.failure)
    }

    @MainActor
    func testAsWrittenA404AndA500ShowTheSameDecodingMessageAfterOneRequestEach() async throws {
        let loads = try await onALabOfItsOwn(writtenBlamesTheDataForAStatus).value
        XCTAssertEqual(loads.map(\.status), [404, 500])
        XCTAssertEqual(loads.map(\.requests), [1, 1])
        XCTAssertEqual(loads.map(\.screen.errorMessage), [unreadableDataMessage, unreadableDataMessage])
        XCTAssertEqual(loads.map(\.screen.isLoading), [false, false])
        XCTAssertEqual(loads.map(\.screen.users), [[], []])
    }

    @MainActor
    func testReviewedA404IsShownAtOnceAndA500AfterThreeRetries() async throws {
        let loads = try await onALabOfItsOwn(reviewedNamesTheStatus).value
        XCTAssertEqual(loads.map(\.requests), [1, 4])
        XCTAssertEqual(
            loads.map(\.screen.errorMessage),
            [
                "The user list is not there (HTTP 404).",
                "The server has a problem (HTTP 500). Try again later.",
            ])
        XCTAssertEqual(loads.map(\.screen.isLoading), [false, false])
    }

    @MainActor
    func testAsWrittenUUIDIdsFailOnTheFirstIntegerId() async throws {
        let list = try await onALabOfItsOwn(writtenRejectsIntegerIDs).value
        XCTAssertEqual(list, DecodedList(users: [], failure: "DecodingError.typeMismatch(String) at [0].id"))
    }

    @MainActor
    func testReviewedIntIdsShowTheThreeUsersInOrder() async throws {
        let list = try await onALabOfItsOwn(reviewedShowsTheUsers).value
        XCTAssertEqual(list, DecodedList(users: users, failure: nil))
    }

    @MainActor
    func testAsWrittenClosingMidLoadCancelsTheRequestAndLeavesTheIndicatorOn() async throws {
        let closed = try await onALabOfItsOwn(writtenStaysLoadingWhenClosed).value
        XCTAssertTrue(closed.requestCancelled)
        XCTAssertEqual(closed.screen, ListScreen(users: [], isLoading: true, errorMessage: nil))
    }

    @MainActor
    func testAsWrittenAppearingAgainCancelsTheFirstLoadAndLeavesOneRunning() async throws {
        let again = try await onALabOfItsOwn(writtenCancelsTheLoadBefore).value
        XCTAssertEqual(again, AppearedAgain(requests: 2, firstCancelled: true, running: 1))
    }

    @MainActor
    func testReviewedClosingMidLoadCancelsTheRequestAndTurnsTheIndicatorOff() async throws {
        let closed = try await onALabOfItsOwn(reviewedStopsLoadingWhenClosed).value
        XCTAssertTrue(closed.requestCancelled)
        XCTAssertEqual(closed.screen, ListScreen(users: [], isLoading: false, errorMessage: nil))
    }

    @MainActor
    func testAsWrittenRetryBeforeTheCheckSendsOneRequestForA503() async throws {
        let load = try await onALabOfItsOwn(writtenNeverRetriesAStatus).value
        XCTAssertEqual(load.requests, 1)
        XCTAssertEqual(
            load.screen, ListScreen(users: [], isLoading: false, errorMessage: unreadableDataMessage))
    }

    @MainActor
    func testReviewedRetryAfterTheCheckSendsThreeRequestsAndShowsTheList() async throws {
        let load = try await onALabOfItsOwn(reviewedRetriesAfterTheCheck).value
        XCTAssertEqual(load.requests, 3)
        XCTAssertEqual(load.screen, ListScreen(users: users, isLoading: false, errorMessage: nil))
    }

    @MainActor
    func testMigratedTheMainActorModelDecodesOnTheMainQueueOnTheMainThread() async throws {
        let decode = try await onALabOfItsOwn(migratedDecodesOnTheMainThread).value
        XCTAssertEqual(decode?.queue, "com.apple.main-thread")
        XCTAssertEqual(decode?.onMainThread, true)
    }

    @MainActor
    func testAwaitedReviewedTheConcurrentFunctionDecodesOffTheMainThread() async throws {
        let decode = try await onALabOfItsOwn(awaitedReviewedDecodesOffTheMainThread).value
        XCTAssertEqual(decode?.onMainThread, false)
        XCTAssertNotEqual(decode?.queue, "com.apple.main-thread")
        XCTAssertNil(decode?.failure)
    }

    @MainActor
    func testMigratedA404AndA500ShowTheSameDecodingMessageAfterOneRequestEach() async throws {
        let loads = try await onALabOfItsOwn(migratedBlamesTheDataForAStatus).value
        XCTAssertEqual(loads.map(\.status), [404, 500])
        XCTAssertEqual(loads.map(\.requests), [1, 1])
        XCTAssertEqual(loads.map(\.screen.errorMessage), [unreadableDataMessage, unreadableDataMessage])
        XCTAssertEqual(loads.map(\.screen.isLoading), [false, false])
    }

    @MainActor
    func testAwaitedReviewedA404IsShownAtOnceAndA500AfterThreeRetries() async throws {
        let loads = try await onALabOfItsOwn(awaitedReviewedNamesTheStatus).value
        XCTAssertEqual(loads.map(\.requests), [1, 4])
        XCTAssertEqual(
            loads.map(\.screen.errorMessage),
            [
                "The user list is not there (HTTP 404).",
                "The server has a problem (HTTP 500). Try again later.",
            ])
        XCTAssertEqual(loads.map(\.screen.isLoading), [false, false])
    }

    @MainActor
    func testMigratedUUIDIdsStillFailOnTheFirstIntegerId() async throws {
        let list = try await onALabOfItsOwn(migratedRejectsIntegerIDs).value
        XCTAssertEqual(list, DecodedList(users: [], failure: "DecodingError.typeMismatch(String) at [0].id"))
    }

    @MainActor
    func testAwaitedReviewedIntIdsShowTheThreeUsersInOrder() async throws {
        let list = try await onALabOfItsOwn(awaitedReviewedShowsTheUsers).value
        XCTAssertEqual(list, DecodedList(users: users, failure: nil))
    }

    @MainActor
    func testMigratedClosingMidLoadTurnsTheIndicatorOffButShowsTheCancelAsAnError() async throws {
        let closed = try await onALabOfItsOwn(migratedShowsTheCancelWhenClosed).value
        XCTAssertTrue(closed.requestCancelled)
        XCTAssertEqual(closed.screen, ListScreen(users: [], isLoading: false, errorMessage: "cancelled"))
    }

    @MainActor
    func testAwaitedReviewedClosingMidLoadCancelsAndShowsNothing() async throws {
        let closed = try await onALabOfItsOwn(awaitedReviewedStopsQuietlyWhenClosed).value
        XCTAssertTrue(closed.requestCancelled)
        XCTAssertEqual(closed.screen, ListScreen(users: [], isLoading: false, errorMessage: nil))
    }

    @MainActor
    func testMigratedTheRetryLoopSendsOneRequestForA503() async throws {
        let load = try await onALabOfItsOwn(migratedNeverRetriesAStatus).value
        XCTAssertEqual(load.requests, 1)
        XCTAssertEqual(
            load.screen, ListScreen(users: [], isLoading: false, errorMessage: unreadableDataMessage))
    }

    @MainActor
    func testAwaitedReviewedRetryAfterTheCheckSendsThreeRequestsAndShowsTheList() async throws {
        let load = try await onALabOfItsOwn(awaitedReviewedRetriesAfterTheCheck).value
        XCTAssertEqual(load.requests, 3)
        XCTAssertEqual(load.screen, ListScreen(users: users, isLoading: false, errorMessage: nil))
    }

    @MainActor
    func testMigratedAReleasedModelIsKeptByItsLoadWhichIsAnsweredAndDecoded() async throws {
        let released = try await onALabOfItsOwn(migratedLoadOutlivesItsScreen).value
        XCTAssertFalse(released.freedAtOnce)
        XCTAssertFalse(released.requestCancelled)
        XCTAssertEqual(released.decodes, 1)
        XCTAssertTrue(released.freedInTheEnd)
    }

    @MainActor
    func testAwaitedReviewedAReleasedModelGoesAtOnceAndCancelsItsLoad() async throws {
        let released = try await onALabOfItsOwn(awaitedReviewedCancelsWhenReleased).value
        XCTAssertTrue(released.freedAtOnce)
        XCTAssertTrue(released.requestCancelled)
        XCTAssertEqual(released.decodes, 0)
        XCTAssertTrue(released.freedInTheEnd)
    }

    @MainActor
    func testTheDecoderNotesAFailureWithItsPathAndStillThrowsIt() throws {
        let decoder = WatchedDecoder(watching: .shared)
        XCTAssertThrowsError(try decoder.decode([ArticleUser].self, from: Data(RouteTable.userListBody.utf8)))
        XCTAssertEqual(decoder.decodes.map(\.failure), ["DecodingError.typeMismatch(String) at [0].id"])
        XCTAssertEqual(
            try decoder.decode([ListedUser].self, from: Data(RouteTable.userListBody.utf8)).map(\.id),
            [1, 4, 5])
        XCTAssertEqual(decoder.decodes.count, 2)
    }

    /// Measures `rule` against a lab of its own, awaited from the main actor so the main thread is
    /// free to drain the main queue meanwhile.
    @MainActor
    private func onALabOfItsOwn<Value>(_ rule: (Lab) async -> Finding<Value>) async throws -> Finding<Value> {
        let lab = try await Lab.open()
        defer { lab.close() }
        return await rule(lab)
    }
}
