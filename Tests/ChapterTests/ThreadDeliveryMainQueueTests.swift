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
        let deliveries = try await Self.onALabOfItsOwn(valuesArriveOnTheDelegateQueue).value
        XCTAssertEqual(
            deliveries, valueAndFinished(on: delegateQueueLabel, delegateQueue: true, mainThread: false))
    }

    @MainActor
    func testASessionOnTheMainOperationQueueDeliversOnTheMainThreadWithoutReceiveOn() async throws {
        let deliveries = try await Self.onALabOfItsOwn(mainDelegateQueueDeliversOnTheMainThread).value
        XCTAssertEqual(
            deliveries, valueAndFinished(on: "com.apple.main-thread", delegateQueue: true, mainThread: true))
    }

    @MainActor
    func testAfterReceiveOnMainTheValueAndCompletionAreOnTheMainThread() async throws {
        let deliveries = try await Self.onALabOfItsOwn(receiveOnMainDeliversOnTheMainThread).value
        XCTAssertEqual(
            deliveries, valueAndFinished(on: "com.apple.main-thread", delegateQueue: false, mainThread: true))
    }

    @MainActor
    func testDuringAScrollTheMainQueueDeliversAndTheRunLoopWaitsUntilItEnds() async throws {
        let arrivals = try await Self.onALabOfItsOwn(scrollHoldsBackTheRunLoopOnly).value
        XCTAssertEqual(arrivals.mainQueue, .scrolling)
        XCTAssertEqual(arrivals.runLoop, .over)
    }

    @MainActor
    func testTheSafeModelShowsUser1AndStatus404ForUser2() async throws {
        let shown = try await Self.onALabOfItsOwn(safeModelShowsUserAndError).value
        XCTAssertEqual(shown, ProfileShown(user: User(id: 1, name: "Ada Lovelace"), error: .status(404)))
    }

    /// The three races run side by side, each on a lab of its own: XCTest runs its cases one after
    /// another, before the rest of the suite starts.
    @MainActor
    func testOverlappingLoadsShowTheSlowUserWhileReplacingOrSwitchingShowsTheLatest() async throws {
        async let overlapping = Self.onALabOfItsOwn(overlappingLoadsShowTheSlowAnswer)
        async let replaced = Self.onALabOfItsOwn(replacedCancellableKeepsTheLatest)
        async let switched = Self.onALabOfItsOwn(switchToLatestKeepsTheLatest)
        let (overlap, replacement, latest) = try await (overlapping.value, replaced.value, switched.value)

        XCTAssertEqual(overlap.namesShown, ["Ada Lovelace", "Slow Sam"], "overlapping loads")
        XCTAssertEqual(overlap.slowRequests, 1, "overlapping loads")
        XCTAssertEqual(overlap.slowTaskEnd, .answered, "overlapping loads")
        for (race, name) in [(replacement, "one replaceable cancellable"), (latest, "switchToLatest")] {
            XCTAssertEqual(race.namesShown, ["Ada Lovelace"], name)
            XCTAssertEqual(race.slowRequests, 1, name)
            XCTAssertEqual(race.slowTaskEnd, .cancelled, name)
        }
    }

    /// `measure(_:)` for rules isolated to the main actor, run on it.
    @MainActor
    private static func onALabOfItsOwn<Value>(
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
