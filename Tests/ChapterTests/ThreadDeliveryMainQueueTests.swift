import Foundation
import TypedClient
import Workbook
import XCTest

@testable import ThreadDelivery

/// The chapter's rules that need the main queue drained on the main thread: XCTest's `@MainActor`
/// tests have that, Swift Testing's do not (they run off the main thread and the main queue waits).
final class ThreadDeliveryMainQueueTests: XCTestCase {
    @MainActor
    func testEveryStepBeforeReceiveOnHandsOnOnTheDelegateQueueOffTheMainThread() async throws {
        let deliveries = try await onALabOfItsOwn(valuesArriveOnTheDelegateQueue).value
        XCTAssertEqual(
            deliveries.map(\.step),
            ["dataTaskPublisher", "map", "decode", "dataTaskPublisher", "map", "decode"])
        XCTAssertEqual(
            deliveries.map(\.event), ["value", "value", "value", "finished", "finished", "finished"])
        XCTAssertEqual(Set(deliveries.map(\.queue)), [delegateQueueLabel])
        XCTAssertTrue(deliveries.allSatisfy(\.onDelegateQueue))
        XCTAssertTrue(deliveries.allSatisfy { !$0.onMainThread })
    }

    @MainActor
    func testAfterReceiveOnMainTheValueAndCompletionAreOnTheMainThread() async throws {
        let deliveries = try await onALabOfItsOwn(receiveOnMainDeliversOnTheMainThread).value
        XCTAssertEqual(
            deliveries,
            ["value", "finished"].map {
                Delivery(
                    step: "receive(on: main)", event: $0, queue: "com.apple.main-thread",
                    onDelegateQueue: false, onMainThread: true)
            })
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

    /// The label URLSession's delegate queue carries, as `currentQueueLabel()` writes it.
    private var delegateQueueLabel: String {
        #if os(Linux)
            "NSOperationQueue 0x…"
        #else
            "com.apple.NSURLSession-delegate"
        #endif
    }
}
