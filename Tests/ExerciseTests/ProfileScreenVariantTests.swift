import AnswerVariants
import XCTest

/// Exercise 6's answer variants, proved where its checks need to run: an XCTest `@MainActor` test
/// runs on the main thread with the main queue drained, so `receive(on: DispatchQueue.main)` and a
/// main-actor model work as in an app (Swift Testing runs such tests elsewhere).
final class ProfileScreenVariantTests: XCTestCase {
    @MainActor
    func testEachProfileScreenVariantFailsExactlyTheChecksItIsKeptFor() async throws {
        let variants = answerVariants.filter { needsTheMainThread($0) && !$0.needsAProcessOfItsOwn }
        XCTAssertFalse(variants.isEmpty)
        for variant in variants {
            let mismatches = try await mismatches(of: variant)
            XCTAssert(mismatches.isEmpty, "\(variant): \(mismatches.joined(separator: "; "))")
        }
    }
}
