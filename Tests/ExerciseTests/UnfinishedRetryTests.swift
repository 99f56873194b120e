import Combine
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Testing
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 4's verdicts name only what happened: a publisher that never completes is not said to
/// have finished.
@Suite("Exercise 4: a retry that never completes")
struct UnfinishedRetryTests {
    @Test func aRetryThatGivesUpWithAnEmptyPublisherIsReportedAsNeverCompleting() async throws {
        let exercise = try #require(exercises.first { $0.number == 4 })
        let check = try #require(exercise.measuredChecks.first { $0.check.sentence == "a 404 is sent once" })
        // Gives up by handing back a publisher that never completes, as `.catch { _ in Empty(...) }` does.
        let silent = RetryWithinBudgetCode { request, session, _, _ in
            session.dataTaskPublisher(for: request)
                .validatingStatus()
                .catch { _ in Empty<Data, APIError>(completeImmediately: false) }
                .eraseToAnyPublisher()
        }
        let verdict = try await check.run(against: [silent])
        #expect(!verdict.holds)
        #expect(verdict.measured == "no completion by 0 ms on the virtual clock · 1 request")
    }
}
