import Foundation
import Harness
import LoopbackLab
import TypedClient
import XCTest

@testable import ThreadDelivery

/// The chapter's rules that need the main queue drained on the main thread: XCTest's `@MainActor`
/// tests have that, Swift Testing's do not (they run off the main thread and the main queue waits).
final class ThreadDeliveryMainQueueTests: XCTestCase {
    @MainActor
    func testWithNothingMovingItTheChainArrivesOnTheDelegateQueueOffTheMainThread() async throws {
        let deliveries = try await onALabOfItsOwn(valuesArriveOnTheDelegateQueue).value
        XCTAssertEqual(
            deliveries, valueAndFinished(on: delegateQueueLabel, delegateQueue: true, mainThread: false))
    }

    @MainActor
    func testASessionOnTheMainOperationQueueDeliversOnTheMainThreadWithoutReceiveOn() async throws {
        let deliveries = try await onALabOfItsOwn(mainDelegateQueueDeliversOnTheMainThread).value
        XCTAssertEqual(
            deliveries, valueAndFinished(on: "com.apple.main-thread", delegateQueue: true, mainThread: true))
    }

    @MainActor
    func testAfterReceiveOnMainTheValueAndCompletionAreOnTheMainThread() async throws {
        let deliveries = try await onALabOfItsOwn(receiveOnMainDeliversOnTheMainThread).value
        XCTAssertEqual(
            deliveries, valueAndFinished(on: "com.apple.main-thread", delegateQueue: false, mainThread: true))
    }

    @MainActor
    func testDuringAScrollTheMainQueueDeliversAndTheRunLoopWaitsUntilItEnds() async throws {
        let arrivals = try await onALabOfItsOwn(scrollHoldsBackTheRunLoopOnly).value
        XCTAssertEqual(arrivals.mainQueue, .scrolling)
        XCTAssertEqual(arrivals.runLoop, .over)
    }

    @MainActor
    func testTheSafeModelShowsUser1AndStatus404ForUser2() async throws {
        let shown = try await onALabOfItsOwn(safeModelShowsUserAndError).value
        XCTAssertEqual(shown, ProfileShown(user: User(id: 1, name: "Ada Lovelace"), error: .status(404)))
    }

    @MainActor
    func testOverlappingLoadsEndShowingTheSlowOlderUser() async throws {
        let race = try await onALabOfItsOwn(overlappingLoadsShowTheSlowAnswer).value
        XCTAssertEqual(race.namesShown, ["Ada Lovelace", "Slow Sam"])
        XCTAssertEqual(race.slowRequests, 1)
        XCTAssertEqual(race.slowTaskEnd, .answered)
    }

    @MainActor
    func testReplacingTheCancellableShowsTheLatestAndCancelsTheSlowTask() async throws {
        let race = try await onALabOfItsOwn(replacedCancellableKeepsTheLatest).value
        XCTAssertEqual(race.namesShown, ["Ada Lovelace"])
        XCTAssertEqual(race.slowRequests, 1)
        XCTAssertEqual(race.slowTaskEnd, .cancelled)
    }

    @MainActor
    func testSwitchToLatestShowsTheLatestAndCancelsTheSlowTask() async throws {
        let race = try await onALabOfItsOwn(switchToLatestKeepsTheLatest).value
        XCTAssertEqual(race.namesShown, ["Ada Lovelace"])
        XCTAssertEqual(race.slowRequests, 1)
        XCTAssertEqual(race.slowTaskEnd, .cancelled)
    }

    /// `measure(_:)` for rules isolated to the main actor, run on it.
    @MainActor
    private func onALabOfItsOwn<Value>(
        _ rule: @MainActor (Lab) async -> Finding<Value>
    ) async throws -> Finding<Value> {
        let lab = try await Lab.open()
        defer { lab.close() }
        return await rule(lab)
    }

    /// A value and then the completion, both delivered on `queue` as described.
    private func valueAndFinished(on queue: String, delegateQueue: Bool, mainThread: Bool) -> [Delivery] {
        ["value", "finished"].map {
            Delivery(event: $0, queue: queue, onDelegateQueue: delegateQueue, onMainThread: mainThread)
        }
    }

    /// The label URLSession's delegate queue carries, as `currentQueueLabel()` writes it.
    private var delegateQueueLabel: String {
        #if os(Linux)
            "NSOperationQueue 0x…"
        #else
            "com.apple.NSURLSession-delegate"
        #endif
    }
}
