import AnswerVariants
import ExerciseCatalog
import ExerciseChecks
import XCTest

/// Exercise 6's answer variants, proved where its checks need to run: an XCTest `@MainActor` test
/// runs on the main thread with the main queue drained, so `receive(on: DispatchQueue.main)` and a
/// main-actor model work as in an app (Swift Testing runs such tests elsewhere). The variants are
/// proved at once, each check against a lab of its own, so the slowest check sets the time.
///
/// They have a learner's patience, not the longer one of tests that share a busy process: XCTest
/// runs them before the rest of the suite starts, in a process doing nothing else. A wrong answer
/// that never shows what it got waits out a quarter of it, one second instead of two.
final class ProfileScreenVariantTests: XCTestCase {
    @MainActor
    func testEachProfileScreenVariantFailsExactlyTheChecksItIsKeptFor() async throws {
        let variants = answerVariants.filter { needsTheMainThread($0) && !$0.needsAProcessOfItsOwn }
        XCTAssertFalse(variants.isEmpty)
        let patience = CheckPatience.current
        let found = try await withThrowingTaskGroup(of: (AnswerVariant, [String]).self) { group in
            for variant in variants {
                group.addTask { (variant, try await mismatches(of: variant, patience: patience)) }
            }
            var found: [(AnswerVariant, [String])] = []
            for try await result in group { found.append(result) }
            return found
        }
        XCTAssertEqual(found.count, variants.count)
        for (variant, mismatches) in found {
            XCTAssert(mismatches.isEmpty, "\(variant): \(mismatches.joined(separator: "; "))")
        }
    }
}
