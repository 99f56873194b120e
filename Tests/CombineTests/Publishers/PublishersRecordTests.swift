import Combine
import Foundation
import Testing

@Suite("Record")
struct PublishersRecordTests {
    @Test func playsBackTheRecordingToEachSubscriber() {
        let record = Record<Int, TestError> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .failure(TestError(3)))
        }
        for _ in 0..<2 {
            let subscriber = TestSubscriber<Int, TestError>()
            record.subscribe(subscriber)
            #expect(subscriber.values == [1, 2])
            #expect(subscriber.completions == [.failure(TestError(3))])
        }
    }

    @Test func playbackHonoursDemand() {
        let record = Record<Int, Never>(output: [1, 2, 3], completion: .finished)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        record.subscribe(subscriber)
        #expect(subscriber.values == [1])
        subscriber.request(.max(5))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.finished])
    }

    @Test func anEmptyRecordingSendsItsCompletionAtOnce() {
        let record = Record<Int, TestError>(output: [], completion: .failure(TestError(1)))
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none)
        record.subscribe(subscriber)
        #expect(subscriber.completions == [.failure(TestError(1))])
    }

    @Test func theSubscriptionDescribesTheRecordedValues() {
        let record = Record<Int, Never>(output: [4, 5], completion: .finished)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        record.subscribe(subscriber)
        #expect(subscriber.subscriptionDescriptions == ["[4, 5]"])
    }

    @Test func aRecordingStartsOpenAndFinishedByDefault() {
        var recording = Record<Int, Never>.Recording()
        #expect(recording.output.isEmpty)
        #expect(recording.completion == .finished)
        recording.receive(1)
        #expect(recording.output == [1])
        let complete = Record<Int, Never>.Recording(output: [2])
        #expect(complete.completion == .finished)
        #expect(Record(recording: complete).recording.output == [2])
    }

    @Test func recordsSurviveAnEncodingRoundTrip() throws {
        let record = Record<Int, TestError>(output: [1, 2], completion: .failure(TestError(6)))
        let data = try JSONEncoder().encode(record)
        let decoded = try JSONDecoder().decode(Record<Int, TestError>.self, from: data)
        #expect(decoded.recording.output == [1, 2])
        #expect(decoded.recording.completion == .failure(TestError(6)))
        let recordingData = try JSONEncoder().encode(record.recording)
        let recording = try JSONDecoder().decode(Record<Int, TestError>.Recording.self, from: recordingData)
        #expect(recording.output == [1, 2])
    }
}
