import Combine
import Foundation
import Harness
import Locking
import TestSupport
import Testing
import TimeControl
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stage lanes: each stage of a chain drawn from what `_Introspection` saw, with nothing added to
/// it, on a lane named as its code writes it.
@Suite struct StageLaneTests {
    /// What `lane` of `timeline` holds, one `kind detail` a line.
    private func marks(on lane: String, of timeline: Timeline) -> [String] {
        timeline.events.filter { $0.lane == lane }.map {
            "\($0.kind) \($0.detail)".trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func eachStageGetsALaneOfWhatItsOperatorSentNamedAsWritten() async {
        let timeline = Timeline(title: "Chapter")
        let values = await Timeline.$current.withValue(timeline) {
            await outcome(
                of: Record<Int, Never>(output: [1, 2], completion: .finished).map { $0 * 10 },
                stages: ["Record(output: [1, 2], completion: .finished)", "map(_:)"])
        }
        #expect(values == .success([10, 20]))
        #expect(
            timeline.sections.first?.lanes == ["Record(output: [1, 2], completion: .finished)", "map(_:)"])
        #expect(
            marks(on: "Record(output: [1, 2], completion: .finished)", of: timeline) == [
                "subscribe", "value 1", "value 2", "completion finished",
            ])
        #expect(
            marks(on: "map(_:)", of: timeline) == [
                "subscribe", "demand request(.unlimited)", "value 10", "value 20", "completion finished",
            ])
    }

    @Test func whatAStageIsMadeOfIsFoldedIntoIt() async {
        let timeline = Timeline(title: "Chapter")
        let values = await Timeline.$current.withValue(timeline) {
            await outcome(
                of: Record<Int, URLError>(output: [1], completion: .finished).doubledAndErased().retry(1),
                stages: [
                    "Record(output: [1], completion: .finished)",
                    WrittenStage("doubledAndErased()", returns: "AnyPublisher"), "retry(1)",
                ])
        }
        #expect(values == .success([2]))
        #expect(
            timeline.sections.first?.lanes == [
                "Record(output: [1], completion: .finished)", "doubledAndErased()", "retry(1)",
            ])
        #expect(
            marks(on: "doubledAndErased()", of: timeline) == [
                "subscribe", "demand request(.unlimited)", "value 2", "completion finished",
            ])
    }

    @Test func aRetrySubscribingAgainAndEachFailureAreOnTheUpstreamLane() async {
        let timeline = Timeline(title: "Chapter")
        _ = await Timeline.$current.withValue(timeline) {
            await outcome(
                of: Fail<Int, URLError>(error: URLError(.timedOut)).retry(1),
                stages: ["Fail(error: URLError(.timedOut))", "retry(1)"])
        }
        #expect(
            marks(on: "Fail(error: URLError(.timedOut))", of: timeline) == [
                "subscribe", "demand request(.unlimited)", "completion URLError.timedOut", "subscribe again",
                "demand request(.unlimited)", "completion URLError.timedOut",
            ])
        #expect(
            marks(on: "retry(1)", of: timeline) == [
                "subscribe", "demand request(.unlimited)", "completion URLError.timedOut",
            ])
    }

    @Test func anInnerPublisherGetsALaneOfItsOwnAndARetryKeepsItsLane() async {
        let timeline = Timeline(title: "Chapter")
        _ = await Timeline.$current.withValue(timeline) {
            await outcome(of: [1, 2].publisher.flatMap { Just($0 * 10) }, stages: numbersFlatMapped)
        }
        #expect(timeline.sections.first?.lanes == ["[1, 2].publisher", "flatMap(_:) (inner)", "flatMap(_:)"])
        #expect(
            marks(on: "flatMap(_:) (inner)", of: timeline) == [
                "subscribe", "demand request(.unlimited)", "value 10", "completion finished",
                "subscribe again",
                "demand request(.unlimited)", "value 20", "completion finished",
            ])
    }

    @Test func theStagesInsideAnInnerPublisherAreNotDrawn() async {
        let timeline = Timeline(title: "Chapter")
        _ = await Timeline.$current.withValue(timeline) {
            await outcome(
                of: [1].publisher.flatMap {
                    Just($0).delay(for: .zero, scheduler: ImmediateScheduler.shared)
                },
                stages: [WrittenStage("[1].publisher", returns: "Sequence"), "flatMap(_:)"])
        }
        #expect(timeline.sections.first?.lanes == ["[1].publisher", "flatMap(_:) (inner)", "flatMap(_:)"])
        #expect(
            marks(on: "flatMap(_:) (inner)", of: timeline) == [
                "subscribe", "demand request(.unlimited)", "value 1", "completion finished",
            ])
    }

    @Test func eachSubscriberAttachedTogetherGetsItsNamedLaneUnderOneUpstream() async {
        let timeline = Timeline(title: "Chapter")
        let upstream = CurrentValueSubject<Int, Never>(1)
        // `share()` is made of a multicast and a subject: neither is drawn.
        let shared = upstream.share()
        await Timeline.$current.withValue(timeline) {
            await withStageLanes(
                [WrittenStage("upstream", returns: "CurrentValueSubject")], subscribers: ["A", "B"]
            ) {
                stages in
                let sinks = stages.attaching { [shared.sink { _ in }, shared.sink { _ in }] }
                upstream.send(completion: .finished)
                withExtendedLifetime(sinks) {}
            }
        }
        #expect(timeline.sections.first?.lanes == ["upstream", "A", "B"])
        #expect(marks(on: "upstream", of: timeline).filter { $0.hasPrefix("subscribe") } == ["subscribe"])
        #expect(
            marks(on: "A", of: timeline) == [
                "subscribe", "demand request(.unlimited)", "value 1", "completion finished",
            ])
        #expect(
            marks(on: "B", of: timeline) == [
                "subscribe", "demand request(.unlimited)", "completion finished",
            ])
        // The second subscriber's subscription is one beside the first, not the first again.
        #expect(timeline.events.filter { $0.kind == .subscribe && $0.detail == "again" }.map(\.lane) == [])
    }

    @Test func aPipelineAttachedElsewhereMeanwhileIsNotRecorded() async {
        let timeline = Timeline(title: "Chapter")
        let unrelated = PassthroughSubject<Int, Never>()
        nonisolated(unsafe) let recorded = PassthroughSubject<Int, Never>()
        // On a thread of its own, and waited for as long as `until` allows: at the default priority
        // the task can wait for a thread behind the busy suite, and the values below must not go
        // out before it has subscribed.
        let task = Task(executorPreference: ThreadOfItsOwn.shared) {
            await Timeline.$current.withValue(timeline) {
                await outcome(
                    of: recorded.map { $0 + 1 },
                    stages: [WrittenStage("recorded", returns: "PassthroughSubject"), "map(_:)"])
            }
        }
        _ = await until { timeline.events.contains { $0.kind == .subscribe && $0.lane == "map(_:)" } }
        let other = unrelated.map { $0 * 2 }.sink { _ in }
        unrelated.send(5)
        recorded.send(1)
        recorded.send(completion: .finished)
        _ = await task.value
        other.cancel()
        #expect(timeline.sections.first?.lanes == ["recorded", "map(_:)"])
        #expect(
            marks(on: "map(_:)", of: timeline) == [
                "subscribe", "demand request(.unlimited)", "value 2", "completion finished",
            ])
    }

    @Test func withoutATimelineTheChainRunsUnobserved() async throws {
        #expect(Timeline.current == nil)
        let values = await outcome(of: [3].publisher.map { $0 + 1 }, stages: ["[3].publisher", "map(_:)"])
        #expect(values == .success([4]))
    }
}

extension StageLaneTests {
    /// Combine names a class by its address, and a new object can get the address of one released
    /// (seen in chapter 4 under load: a retry's third attempt drawn as the second's late
    /// completion). The subscriber between `AnsweredLater` and `flatMap` here takes the identifier
    /// of the last one released, as the allocator would hand it the address, so it happens every
    /// time; `AnsweredLater` lets each attempt's subscriber go before the next attempt starts, under
    /// any Combine.
    @Test func aSubscriberWithTheIdentifierOfOneReleasedIsANewStage() async {
        let timeline = Timeline(title: "Chapter")
        let reusedBefore = ReleasedIdentifiers.reuses
        _ = await Timeline.$current.withValue(timeline) {
            await outcome(
                of: AnsweredLater(on: DispatchQueue(label: "attempts"))
                    .takingReleasedIdentifiers()
                    .flatMap { _ in Fail<Int, URLError>(error: URLError(.badServerResponse)) }
                    .retry(2),
                stages: [
                    WrittenStage("AnsweredLater(on:)", returns: "AnsweredLater"),
                    WrittenStage("takingReleasedIdentifiers()", returns: "TakingReleasedIdentifiers"),
                    "flatMap(_:)", "retry(2)",
                ])
        }
        #expect(ReleasedIdentifiers.reuses > reusedBefore)
        #expect(
            marks(on: "AnsweredLater(on:)", of: timeline) == [
                "subscribe", "value 1", "subscribe again", "value 1", "subscribe again", "value 1",
            ])
    }
}

/// `[1, 2].publisher.flatMap(_:)` as written.
private let numbersFlatMapped: [WrittenStage] = [
    WrittenStage("[1, 2].publisher", returns: "Sequence"), "flatMap(_:)",
]

extension Publisher where Output == Int, Failure == URLError {
    /// Each value doubled, by operators the caller does not see: a helper as `validatingStatus()` is.
    fileprivate func doubledAndErased() -> AnyPublisher<Int, URLError> {
        mapError { $0 }.flatMap { Just($0 * 2).setFailureType(to: URLError.self) }.eraseToAnyPublisher()
    }
}

/// Sends 1 and then finishes, later, on a queue, and lets its subscriber go once it has: so a
/// `retry`'s attempt is over and its subscribers released before the next attempt is answered.
private struct AnsweredLater: Publisher {
    typealias Output = Int
    typealias Failure = URLError

    let queue: DispatchQueue

    init(on queue: DispatchQueue) {
        self.queue = queue
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == URLError {
        subscriber.receive(subscription: Answer(to: AnySubscriber(subscriber), on: queue))
    }

    private final class Answer: Subscription, @unchecked Sendable {
        private let downstream: Locked<AnySubscriber<Int, URLError>?>
        private let queue: DispatchQueue

        init(to downstream: AnySubscriber<Int, URLError>, on queue: DispatchQueue) {
            self.downstream = Locked(downstream)
            self.queue = queue
        }

        func request(_ demand: Subscribers.Demand) {
            queue.async { [self] in
                guard let downstream = downstream.withLock({ $0.take() }) else { return }
                _ = downstream.receive(1)
                downstream.receive(completion: .finished)
            }
        }

        func cancel() {
            downstream.withLock { $0 = nil }
        }
    }
}

/// Identifiers of released subscribers, handed out again the way an allocator reuses addresses.
private enum ReleasedIdentifiers {
    private static let released = Locked<(free: [CombineIdentifier], reuses: Int)>(([], 0))

    static var reuses: Int { released.withLock { $0.reuses } }

    static func take() -> CombineIdentifier {
        released.withLock { state in
            guard let reused = state.free.popLast() else { return CombineIdentifier() }
            state.reuses += 1
            return reused
        }
    }

    static func giveBack(_ identifier: CombineIdentifier) {
        released.withLock { $0.free.append(identifier) }
    }
}

extension Publisher {
    /// This publisher seen through a subscriber whose identifier is one `ReleasedIdentifiers` gives.
    fileprivate func takingReleasedIdentifiers() -> TakingReleasedIdentifiers<Self> {
        TakingReleasedIdentifiers(upstream: self)
    }
}

private struct TakingReleasedIdentifiers<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(Relay(downstream: subscriber))
    }

    private final class Relay<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let combineIdentifier = ReleasedIdentifiers.take()
        let downstream: Downstream

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        deinit {
            ReleasedIdentifiers.giveBack(combineIdentifier)
        }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
