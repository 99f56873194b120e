import Combine
import Foundation
import Harness
import Locking
import LoopbackLab
import Quantities
import TestSupport
import Testing
import TimeControl
import TypedClient

@testable import RetryPlacement

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Chapter 4: retry placement, against the local server")
struct RetryPlacementTests {
    @Test func retryBeforeValidationSeesTheValue503AndSendsOneRequest() async throws {
        let finding = try await measure(retryBeforeValidationNeverFires)
        #expect(finding.value.outcome == .success([503]))
        #expect(finding.value.requests == 1)
        #expect(finding.holds)
    }

    @Test func retryAfterValidationFailsWith503AfterThreeRequests() async throws {
        let finding = try await measure(retryAfterValidationResendsAtOnce)
        #expect(finding.value.outcome == .failure(.status(503)))
        #expect(finding.value.requests == 3)
        #expect(finding.value.gaps.count == 2)
        #expect(finding.varies?.hasPrefix("gaps at the server: ") == true)
        #expect(finding.holds)
    }

    @Test func retryAfterValidationSendsA404ThreeTimes() async throws {
        let finding = try await measure(retryAfterValidationResendsA404)
        #expect(finding.value.outcome == .failure(.status(404)))
        #expect(finding.value.requests == 3)
        #expect(finding.holds)
    }

    @Test func thePolicyRecoversOnTheFourthRequestEachGapAtLeastItsBackoff() async throws {
        let finding = try await measure(policyRecoversWaitingLongerEachTime)
        #expect(finding.value.outcome == .success(["Ada Lovelace"]))
        #expect(finding.value.requests == 4)
        expectGaps(finding.value.gaps, atLeast: [.milliseconds(20), .milliseconds(40), .milliseconds(80)])
        #expect(finding.holds)
    }

    @Test func thePolicyGivesUpWithTheStatusAfterFourRequests() async throws {
        let finding = try await measure(policyGivesUpAfterItsRetries)
        #expect(finding.value.outcome == .failure(.status(503)))
        #expect(finding.value.requests == 4)
        expectGaps(finding.value.gaps, atLeast: [.milliseconds(20), .milliseconds(40), .milliseconds(80)])
        #expect(finding.holds)
    }

    @Test func thePolicySendsADroppedRequestFourTimes() async throws {
        let finding = try await measure(policyRetriesADroppedConnection)
        #if os(Linux)
            #expect(finding.value.outcome == .failure(.transport(.badServerResponse)))
        #else
            #expect(finding.value.outcome == .failure(.transport(.networkConnectionLost)))
        #endif
        #expect(finding.value.requests == 4)
        #expect(finding.holds)
    }

    @Test func thePolicyWaitsTheSecondRetryAfterAsksFor() async throws {
        let finding = try await measure(policyWaitsForRetryAfter)
        #expect(finding.value.outcome == .success(["Ada Lovelace"]))
        #expect(finding.value.requests == 2)
        expectGaps(finding.value.gaps, atLeast: [.seconds(1)])
        #expect(finding.holds)
    }

    @Test func thePolicySendsA404OnlyOnce() async throws {
        let finding = try await measure(policySendsA404Once)
        #expect(finding.value.outcome == .failure(.status(404)))
        #expect(finding.value.requests == 1)
        #expect(finding.varies == nil)
        #expect(finding.holds)
    }

    @Test func thePolicySendsAFailedPostOnlyOnce() async throws {
        let finding = try await measure(policyNeverResendsAPost)
        #expect(finding.value.outcome == .failure(.status(503)))
        #expect(finding.value.requests == 1)
        #expect(finding.holds)
    }

    @Test func aFindingWithAGapShorterThanItsWaitDoesNotHold() {
        let tooQuick = RetriedRequest<String, APIError>(
            outcome: .success(["Ada Lovelace"]), requests: 2, gaps: [.milliseconds(5)])
        let finding = retryFinding(
            tooQuick, expected: .success(["Ada Lovelace"]), requests: 2, waits: [.milliseconds(20)])
        #expect(!finding.holds)
        #expect(finding.verdict.measured.hasSuffix("2 requests, a gap shorter than its wait"))
    }

    @Test func theFlakyRouteFailsAsOftenAsAskedForEachURLOnItsOwn() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let twice = lab.url(Route.flaky, tag: "a").appending(queryItems: Route.flaky(failing: 2))
        let once = lab.url(Route.flaky, tag: "b")
            .appending(queryItems: Route.flaky(failing: 1, status: 429, retryAfter: 7))
        var answers: [String] = []
        for url in [twice, once, twice, once, twice] {
            let exchange = try await outcome(of: lab.session.dataTaskPublisher(for: url)).get()
            let response = try #require(exchange.first?.response as? HTTPURLResponse)
            answers.append(
                "\(response.statusCode) \(response.value(forHTTPHeaderField: "Retry-After") ?? "-")")
        }
        #expect(answers == ["503 -", "429 7", "503 -", "200 -", "200 -"])
    }

    private func expectGaps(
        _ gaps: [Duration], atLeast waits: [Duration], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(gaps.count == waits.count, sourceLocation: sourceLocation)
        for (gap, wait) in zip(gaps, waits) {
            #expect(
                gap >= wait, "a gap of \(gap), designed to be at least \(wait)",
                sourceLocation: sourceLocation)
        }
    }
}

@Suite("Chapter 4: the retry policy, in virtual time")
struct RetryPolicyScheduleTests {
    @Test func recoversOnTheFourthAttemptSentAt0And20And60And140Milliseconds() {
        let server = ScriptedServer(.status(503), .status(503), .status(503), .status(200))
        #expect(server.run() == .success([ScriptedServer.body(200)]))
        #expect(server.attempts == [.zero, .milliseconds(20), .milliseconds(60), .milliseconds(140)])
    }

    @Test func givesUpAfterThreeRetriesWithTheLastFailureAndNothingLeftScheduled() {
        let server = ScriptedServer(.status(503))
        #expect(server.run() == .failure(.status(503)))
        #expect(server.attempts == [.zero, .milliseconds(20), .milliseconds(60), .milliseconds(140)])
        #expect(server.clock.scheduledActionCount == 0)
    }

    @Test func sendsNothingAgainBeforeTheWaitIsOver() {
        let server = ScriptedServer(.status(503), .status(200))
        let run = server.start()
        #expect(server.attempts == [.zero])
        server.clock.advance(by: .milliseconds(19))
        #expect(server.attempts == [.zero])
        server.clock.advance(by: .milliseconds(1))
        #expect(server.attempts == [.zero, .milliseconds(20)])
        #expect(run.ended == .success([ScriptedServer.body(200)]))
    }

    @Test func cancellingDuringAWaitSendsNothingMore() {
        let server = ScriptedServer(.status(503), .status(200))
        let run = server.start()
        run.subscription?.cancel()
        server.clock.run()
        #expect(server.attempts == [.zero])
        #expect(run.ended == nil)
    }

    @Test(arguments: [(503, "2", Duration.seconds(2)), (429, "1", .seconds(1))])
    func aRetryAfterLongerThanTheBackoffSetsTheWait(status: Int, retryAfter: String, wait: Duration) {
        let server = ScriptedServer(.status(status, retryAfter: retryAfter), .status(200))
        #expect(server.run() == .success([ScriptedServer.body(200)]))
        #expect(server.attempts == [.zero, wait])
    }

    @Test func aRetryAfterShorterThanTheBackoffLeavesTheBackoff() {
        let server = ScriptedServer(
            .status(503, retryAfter: "0"), .status(503, retryAfter: "0"), .status(200))
        #expect(server.run() == .success([ScriptedServer.body(200)]))
        #expect(server.attempts == [.zero, .milliseconds(20), .milliseconds(60)])
    }

    @Test func aRetryAfterBeyondTheLongestWaitEndsTheRetriesAtOnce() {
        let server = ScriptedServer(.status(503, retryAfter: "60"), .status(200))
        #expect(server.run() == .failure(.status(503)))
        #expect(server.attempts == [.zero])
    }

    @Test(arguments: [
        ScriptedServer.Answer.status(500, retryAfter: "2"),
        .status(503, retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT"),
        .status(503, retryAfter: "soon"),
    ])
    func aRetryAfterOnAnotherStatusOrNotInSecondsIsIgnored(answer: ScriptedServer.Answer) {
        let server = ScriptedServer(answer, .status(200))
        #expect(server.run() == .success([ScriptedServer.body(200)]))
        #expect(server.attempts == [.zero, .milliseconds(20)])
    }

    @Test func aTransportFailureIsRetried() {
        let server = ScriptedServer(.dropped, .dropped, .status(200))
        #expect(server.run() == .success([ScriptedServer.body(200)]))
        #expect(server.attempts == [.zero, .milliseconds(20), .milliseconds(60)])
    }

    @Test(arguments: [429, 500, 502, 503, 504])
    func aServerErrorOrTooManyRequestsIsRetried(status: Int) {
        let server = ScriptedServer(.status(status), .status(200))
        #expect(server.run() == .success([ScriptedServer.body(200)]))
        #expect(server.attempts == [.zero, .milliseconds(20)])
    }

    @Test(arguments: [400, 401, 403, 404, 409, 422])
    func aClientErrorIsTriedOnce(status: Int) {
        let server = ScriptedServer(.status(status), .status(200))
        #expect(server.run() == .failure(.status(status)))
        #expect(server.attempts == [.zero])
    }

    @Test(arguments: ["POST", "PATCH", "post"])
    func aRequestThatIsNotIdempotentIsTriedOnceWhateverWentWrong(method: String) {
        let refused = ScriptedServer(.status(503), .status(200))
        #expect(refused.run(method) == .failure(.status(503)))
        #expect(refused.attempts == [.zero])
        let dropped = ScriptedServer(.dropped, .status(200))
        #expect(dropped.run(method) == .failure(.transport(.networkConnectionLost)))
        #expect(dropped.attempts == [.zero])
    }

    @Test(arguments: ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "get"])
    func anIdempotentRequestIsRetried(method: String) {
        let server = ScriptedServer(.status(503), .status(200))
        #expect(server.run(method) == .success([ScriptedServer.body(200)]))
        #expect(server.attempts == [.zero, .milliseconds(20)])
    }

    @Test func aPolicyWithoutRetriesTriesOnce() {
        let server = ScriptedServer(.status(503), .status(200))
        #expect(server.run(policy: RetryPolicy(maximumRetries: 0)) == .failure(.status(503)))
        #expect(server.attempts == [.zero])
    }

    @Test func theBackoffDoublesFromTheInitialDelayAndAnUnreadableBodyIsNotWorthRetrying() {
        let policy = RetryPolicy(initialDelay: .milliseconds(20))
        #expect((1...4).map(policy.backoff(beforeRetry:)) == [20, 40, 80, 160].map(Duration.milliseconds))
        #expect(!policy.isWorthRetrying(.decoding))
        #expect(policy.delay(beforeRetry: 1, of: "GET", after: .decoding, retryAfter: nil) == nil)
        #expect(policy.backoff(beforeRetry: 1_000) > .seconds(3600))
    }

    @Test func theChapterMeasuresThePolicyItsReportNames() {
        #expect(
            policy
                == RetryPolicy(maximumRetries: 3, initialDelay: .milliseconds(20), maximumDelay: .seconds(2)))
        #expect(designedWaits(3) == [20, 40, 80].map(Duration.milliseconds))
        #expect(listed(designedWaits(3)) == "20, 40, 80 ms")
        #expect(listed([.seconds(1)]) == "1 s")
    }
}

/// A stand-in for a data task publisher on a virtual clock: each subscription is one attempt,
/// answered at once from a script whose last answer repeats, and the clock's reading is noted.
final class ScriptedServer: Sendable {
    enum Answer: Sendable, CustomTestStringConvertible {
        case status(Int, retryAfter: String? = nil)
        case dropped

        var testDescription: String {
            switch self {
            case .status(let status, let retryAfter): "\(status), Retry-After: \(retryAfter ?? "none")"
            case .dropped: "dropped"
            }
        }
    }

    /// What a subscription in progress has delivered so far, and the handle that cancels it. The
    /// virtual clock runs everything on the thread that advances it, the test's own.
    final class Run {
        var subscription: AnyCancellable?
        private var values: [Data] = []
        /// The values and the failure once the pipeline has ended; nil while it runs.
        private(set) var ended: Result<[Data], APIError>?

        func receive(_ value: Data) { values.append(value) }

        func receive(completion: Subscribers.Completion<APIError>) {
            switch completion {
            case .finished: ended = .success(values)
            case .failure(let failure): ended = .failure(failure)
            }
        }
    }

    let clock = VirtualTimeScheduler()
    private let script: [Answer]
    private let sent = Locked<[Duration]>([])

    init(_ script: Answer...) {
        self.script = script
    }

    /// The body a 2xx answer with `status` carries.
    static func body(_ status: Int) -> Data { Data("body of a \(status)".utf8) }

    /// The virtual instant of each attempt, measured from the clock's origin.
    var attempts: [Duration] { sent.withLock { $0 } }

    /// Subscribes to the retrying pipeline for a `method` request; the first attempt is made at once,
    /// the rest as the clock is advanced.
    func start(_ method: String = "GET", policy: RetryPolicy = RetryPolicy()) -> Run {
        let run = Run()
        run.subscription = exchanges.validatingStatus(retrying: policy, method: method, scheduler: clock)
            .sink(receiveCompletion: run.receive(completion:), receiveValue: run.receive)
        return run
    }

    /// Runs the pipeline until the clock has nothing left to do, and returns how it ended.
    func run(_ method: String = "GET", policy: RetryPolicy = RetryPolicy()) -> Result<[Data], APIError>? {
        let run = start(method, policy: policy)
        clock.run()
        return run.ended
    }

    private var exchanges: AnyPublisher<(data: Data, response: URLResponse), URLError> {
        Deferred { [self] in
            let number = sent.withLock { sent in
                sent.append(.nanoseconds(clock.now.nanoseconds))
                return sent.count
            }
            return Result.Publisher(exchange(answering: script[min(number, script.count) - 1]))
        }
        .eraseToAnyPublisher()
    }

    private func exchange(answering answer: Answer) -> Result<(data: Data, response: URLResponse), URLError> {
        switch answer {
        case .dropped:
            return .failure(URLError(.networkConnectionLost))
        case .status(let status, let retryAfter):
            let url = URL(string: "http://127.0.0.1/scripted")!
            let headers = retryAfter.map { ["Retry-After": $0] }
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
            return .success((Self.body(status), response))
        }
    }
}

@Suite("Chapter 4: retry placement in async/await, against the local server")
struct AwaitedRetryPlacementTests {
    @Test func aLoopAroundDataForReturnsThe503AfterOneRequest() async throws {
        let finding = try await measure(awaitedLoopAroundTheTransportNeverRetries)
        #expect(finding.value.ending == .returned(503))
        #expect(finding.value.requests == 1)
        #expect(finding.holds)
    }

    @Test func aLoopAroundTheCheckThrowsThe503AfterThreeRequestsSentAtOnce() async throws {
        let finding = try await measure(awaitedLoopAroundTheCheckResendsAtOnce)
        #expect(finding.value.ending == .threw(.status(503)))
        #expect(finding.value.requests == 3)
        #expect(finding.value.gaps.count == 2)
        #expect(finding.varies?.hasPrefix("gaps at the server: ") == true)
        #expect(finding.holds)
    }

    @Test func thatLoopSendsA404ThreeTimes() async throws {
        let finding = try await measure(awaitedLoopResendsA404)
        #expect(finding.value.ending == .threw(.status(404)))
        #expect(finding.value.requests == 3)
        #expect(finding.holds)
    }

    @Test func thatLoopFetchesABodyThatCannotDecodeThreeTimes() async throws {
        let finding = try await measure(awaitedLoopResendsAnUndecodableBody)
        #expect(finding.value.ending == .threw(.decoding))
        #expect(finding.value.requests == 3)
        #expect(finding.holds)
    }

    @Test func thePolicyRecoversOnTheFourthRequestSentAt0And20And60And140MillisecondsOnTheClock() async throws
    {
        let finding = try await measure(awaitedPolicyRecovers)
        #expect(finding.value.ending == .returned("Ada Lovelace"))
        #expect(finding.value.requests == 4)
        #expect(finding.value.sentAt == [0, 20, 60, 140].map(Duration.milliseconds))
        #expect(finding.holds)
    }

    @Test func thePolicyGivesUpWithTheStatusAfterFourRequestsOnTheSameSchedule() async throws {
        let finding = try await measure(awaitedPolicyGivesUp)
        #expect(finding.value.ending == .threw(.status(503)))
        #expect(finding.value.sentAt == [0, 20, 60, 140].map(Duration.milliseconds))
        #expect(finding.holds)
    }

    @Test func thePolicySendsADroppedRequestFourTimes() async throws {
        let finding = try await measure(awaitedPolicyRetriesADroppedConnection)
        #if os(Linux)
            #expect(finding.value.ending == .threw(.transport(.badServerResponse)))
        #else
            #expect(finding.value.ending == .threw(.transport(.networkConnectionLost)))
        #endif
        #expect(finding.value.sentAt == [0, 20, 60, 140].map(Duration.milliseconds))
        #expect(finding.holds)
    }

    @Test func thePolicySleepsTheSecondRetryAfterAsksForOnTheClock() async throws {
        let finding = try await measure(awaitedPolicyWaitsForRetryAfter)
        #expect(finding.value.ending == .returned("Ada Lovelace"))
        #expect(finding.value.sentAt == [.zero, .seconds(1)])
        #expect(finding.holds)
    }

    @Test func thePolicySendsA404OnlyOnce() async throws {
        let finding = try await measure(awaitedPolicySendsA404Once)
        #expect(finding.value.ending == .threw(.status(404)))
        #expect(finding.value.sentAt == [.zero])
        #expect(finding.holds)
    }

    @Test func thePolicySendsAFailedPostOnlyOnce() async throws {
        let finding = try await measure(awaitedPolicyNeverResendsAPost)
        #expect(finding.value.ending == .threw(.status(503)))
        #expect(finding.value.sentAt == [.zero])
        #expect(finding.holds)
    }

    @Test func aCancelDuringTheWaitThrowsCancellationErrorWhereThePublisherSaysNothing() async throws {
        let finding = try await measure(awaitedCancelDuringTheWaitThrows)
        #expect(
            finding.value
                == CancelledWait(
                    awaited: .cancelled, awaitedRequests: 1, published: "no value, no completion",
                    publishedRequests: 1))
        #expect(finding.holds)
    }

    @Test func aFindingWhoseWaitsOnTheClockDifferFromTheDesignedOnesDoesNotHold() {
        let early = AwaitedRetry<String>(
            ending: .returned("Ada Lovelace"), requests: 2, sentAt: [.zero, .milliseconds(19)])
        let finding = awaitedRetryFinding(
            early, expected: .returned("Ada Lovelace"), requests: 2, waits: [.milliseconds(20)])
        #expect(!finding.holds)
        #expect(finding.verdict.measured == "returned Ada Lovelace · 2 requests, 19 ms apart on the clock")
    }

    @Test func anEndingNamesACancellationApartFromOtherErrors() {
        #expect(AwaitedEnding<Int>(.failure(CancellationError())) == .cancelled)
        #expect(AwaitedEnding<Int>(.failure(APIError.decoding)) == .threw(.decoding))
        #expect(AwaitedEnding<Int>(.failure(URLError(.cancelled))) == .threwOther("URLError.cancelled"))
        #expect("\(AwaitedEnding<Int>.cancelled)" == "threw CancellationError")
    }
}

/// The sleeps these tests wait for run on a thread of their own: at the default priority, a task
/// can queue behind the busy suite for longer than `until` waits for it to begin its sleep.
@Suite("Chapter 4: the clocks the async rows sleep on")
struct RetryClockTests {
    @Test func aSleepOnTheManualClockEndsOnlyOnceTheClockReachesItsDeadline() async throws {
        let clock = ManualClock()
        let sleeping = Task(executorPreference: ThreadOfItsOwn.shared) {
            try await clock.sleep(for: .milliseconds(20))
        }
        #expect(await until { clock.nextDeadline != nil })
        clock.advance(to: .init(sinceStart: .milliseconds(19)))
        #expect(clock.nextDeadline == .init(sinceStart: .milliseconds(20)))
        clock.advance(to: .init(sinceStart: .milliseconds(20)))
        #expect(clock.nextDeadline == nil)
        try await sleeping.value
        #expect(clock.now == .init(sinceStart: .milliseconds(20)))
    }

    @Test func movingTheManualClockWakesOnlyTheSleepsThatEndByThen() async throws {
        let clock = ManualClock()
        let later = Task(executorPreference: ThreadOfItsOwn.shared) {
            try await clock.sleep(until: .init(sinceStart: .milliseconds(40)))
        }
        #expect(await until { clock.nextDeadline == .init(sinceStart: .milliseconds(40)) })
        let sooner = Task(executorPreference: ThreadOfItsOwn.shared) {
            try await clock.sleep(until: .init(sinceStart: .milliseconds(20)))
        }
        #expect(await until { clock.nextDeadline == .init(sinceStart: .milliseconds(20)) })
        clock.advance(to: .init(sinceStart: .milliseconds(30)))
        try await sooner.value
        #expect(clock.nextDeadline == .init(sinceStart: .milliseconds(40)))
        clock.advance(to: .init(sinceStart: .milliseconds(10)))
        #expect(clock.now == .init(sinceStart: .milliseconds(30)))
        later.cancel()
        await #expect(throws: CancellationError.self) { try await later.value }
    }

    @Test func aDeadlineTheManualClockHasPassedDoesNotWait() async throws {
        let clock = ManualClock()
        clock.advance(to: .init(sinceStart: .milliseconds(100)))
        try await clock.sleep(until: .init(sinceStart: .milliseconds(50)))
        #expect(clock.nextDeadline == nil)
    }

    @Test func cancellingASleepOnTheManualClockThrowsCancellationErrorAndForgetsTheSleep() async throws {
        let clock = ManualClock()
        let sleeping = Task(executorPreference: ThreadOfItsOwn.shared) {
            try await clock.sleep(for: .seconds(1))
        }
        #expect(await until { clock.nextDeadline != nil })
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(clock.nextDeadline == nil)
    }

    @Test func aSleepBegunInACancelledTaskThrowsAtOnceOnBothClocks() async {
        let manual = ManualClock()
        let counting = SleepCountingClock()
        let sleeps = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var thrown: [String] = []
            do { try await manual.sleep(for: .seconds(1)) } catch { thrown.append("\(type(of: error))") }
            do { try await counting.sleep(for: .seconds(60)) } catch { thrown.append("\(type(of: error))") }
            return thrown
        }
        #expect(await sleeps.value == ["CancellationError", "CancellationError"])
        #expect(manual.nextDeadline == nil)
        #expect(counting.sleepsBegun == 1)
    }

    @Test func theCountingClockCountsEachSleepAndSleepsOnTheContinuousClock() async throws {
        let clock = SleepCountingClock()
        let start = ContinuousClock.now
        try await clock.sleep(for: .milliseconds(5))
        try await clock.sleep(until: clock.now)
        #expect(clock.sleepsBegun == 2)
        #expect(ContinuousClock.now - start >= .milliseconds(5))
    }
}
