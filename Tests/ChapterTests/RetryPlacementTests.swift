import Combine
import Foundation
import Harness
import Locking
import LoopbackLab
import Quantities
import Testing
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
