import Foundation
import XCTest

@testable import ThreeWays

/// Chapter 8's call-site rules. They need the main queue drained on the main thread, which XCTest's
/// `@MainActor` tests have and Swift Testing's do not.
final class ThreeWaysMainThreadTests: XCTestCase {
    @MainActor
    func testEveryCallSiteSetsTheScreenOnTheMainThread() async throws {
        let changes = try await measureOnTheMainActor(everyCallSiteShowsTheImageOnTheMainThread).value
        let onMain = Change(detail: "16×9 PNG", onMainThread: true)
        XCTAssertEqual(changes.handler, onMain)
        XCTAssertEqual(changes.combine, onMain)
        XCTAssertEqual(changes.asyncAwait, onMain)
    }

    @MainActor
    func testAModelThatIsNotMainActorSetsItsPictureOffTheMainThreadAfterAwait() async throws {
        let change = try await measureOnTheMainActor(droppingMainAsyncKeepsTheThreadingBug).value
        XCTAssertEqual(change, Change(detail: "16×9 PNG", onMainThread: false))
    }

    @MainActor
    func testMainActorRunSetsThatModelsPictureOnTheMainThread() async throws {
        let change = try await measureOnTheMainActor(mainActorRunSetsThePictureOnTheMainThread).value
        XCTAssertEqual(change, Change(detail: "16×9 PNG", onMainThread: true))
    }
}
