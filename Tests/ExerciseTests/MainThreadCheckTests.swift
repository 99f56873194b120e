import Combine
import ExerciseCatalog
import ExerciseChecks
import ExerciseSupport
import Foundation
import Testing
import TypedClient

/// Exercise 6's thread check fails for a model that changes off the main thread, not only for the
/// starter's crash. Such a model cannot be written in Swift 6 without opting out of its checks,
/// which this one does; it never touches the main queue, so its check can run in this process.
@Suite("Exercise 6: the main-thread check")
struct MainThreadCheckTests {
    @Test func aModelThatAnnouncesItsChangeOffTheMainThreadFails() async throws {
        let exercise = try #require(exercises.first { $0.number == 6 })
        let check = try #require(
            exercise.measuredChecks.first { $0.check.sentence == "the model changes on the main thread" })
        let verdict = try await check.run(against: [ProfileScreenModelCode { _, _ in OffMainThreadModel() }])
        #expect(!verdict.holds)
        #expect(verdict.measured == "every change off the main thread")
        #expect(verdict.expected == "every change on the main thread")
    }
}

/// A model that announces its change from a background queue, then shows user 1.
@MainActor
private final class OffMainThreadModel: ProfileScreen {
    private(set) var user: User?
    let failure: APIError? = nil
    /// Its own publisher: without `@Published` properties, the default one is a new one each time.
    nonisolated(unsafe) let objectWillChange = ObservableObjectPublisher()

    func load(userID: Int) {
        let announcement = Announcement(publisher: objectWillChange)
        DispatchQueue.global().async {
            announcement.publisher.send()
            Task { @MainActor in self.user = User(id: userID, name: "Ada Lovelace") }
        }
    }
}

/// The model's publisher, carried to another queue: the unchecked part of this test's model.
private struct Announcement: @unchecked Sendable {
    let publisher: ObservableObjectPublisher
}
