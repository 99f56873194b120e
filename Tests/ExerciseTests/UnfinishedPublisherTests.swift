import Combine
import ExerciseChecks
import Foundation
import Testing
import TypedClient

/// A verdict never names an event that did not happen: code whose publisher never completes is
/// measured as not completing, not as finished.
@Suite("Exercise 4: a publisher that never completes")
struct UnfinishedPublisherTests {
    private let neverCompletes = RetryWithinBudgetCode { _, _, _, _ in
        Empty<Data, APIError>(completeImmediately: false).eraseToAnyPublisher()
    }

    @Test func isMeasuredAsNoCompletionWithinTheChecksWindow() async throws {
        let verdict = try await check(
            "a GET that fails twice and then answers ends with the body after 3 requests"
        )
        .run(against: [neverCompletes])
        #expect(!verdict.passed)
        #expect(verdict.measured == "no completion within 1200 ms · 0 requests")
    }

    @Test func hasNoWaitsRatherThanAnEmptyList() async throws {
        let verdict = try await check("the waits between attempts grow: 50 ms, then 100 ms")
            .run(against: [neverCompletes])
        #expect(verdict.measured == "no wait")
    }

    private func check(_ sentence: String) throws -> Check {
        let exercise = try #require(exercises.first { $0.number == 4 })
        return try #require(exercise.checks.first { $0.sentence == sentence })
    }
}
