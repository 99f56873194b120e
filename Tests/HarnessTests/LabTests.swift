import Foundation
import Harness
import LoopbackLab
import Testing
import TimeControl

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Lab and the shared routes")
struct LabTests {
    /// Status and body of one GET, or the transport failure's code.
    private func fetch(_ request: URLRequest, in lab: Lab) async -> (status: Int, body: String)? {
        guard let (body, response) = try? await lab.session.data(for: request) else { return nil }
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: body, as: UTF8.self))
    }

    private func failure(of request: URLRequest, in lab: Lab) async -> URLError.Code? {
        do {
            _ = try await lab.session.data(for: request)
            return nil
        } catch {
            return (error as? URLError)?.code
        }
    }

    @Test(arguments: [
        (Route.user, 200, #"{"id": 1, "name": "Ada Lovelace"}"#),
        (Route.missingUser, 404, #"{"error": "no such user"}"#),
        (Route.busy, 503, #"{"error": "try later"}"#),
        (Route.broken, 200, #"{"id": "one""#),
        (Route.delayedUser, 200, #"{"id": 1, "name": "Ada Lovelace"}"#),
        ("/no/such/route", 404, "not found"),
    ])
    func eachRouteAnswersAsTheTableSays(route: String, status: Int, body: String) async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let answer = await fetch(URLRequest(url: lab.url(route)), in: lab)
        #expect(answer?.status == status)
        #expect(answer?.body == body)
    }

    @Test func theSlowRouteAnswersAfterTwoSeconds() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let clock = ContinuousClock()
        let start = clock.now
        let answer = await fetch(URLRequest(url: lab.url(Route.slow)), in: lab)
        #expect(clock.now - start >= .seconds(2))
        #expect(answer?.status == 200)
        #expect(answer?.body == #"{"id": 3, "name": "Slow Sam"}"#)
    }

    /// A delayed answer already waiting is sent at once when the lab says so; one asked for
    /// afterwards waits out its whole delay again.
    @Test func sendingDelayedAnswersNowCutsShortOnlyTheDelaysUnderWay() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let clock = ContinuousClock()
        let start = clock.now
        async let early = fetch(URLRequest(url: lab.url(Route.verySlow, tag: "early")), in: lab)
        _ = try await lab.server.waitForRequest(path: Route.verySlow)
        lab.heldAnswers.sendDelayedAnswersNow()
        #expect(await early?.status == 200)
        #expect(clock.now - start < RouteTable.verySlowDelay / 2)

        let afterwards = clock.now
        let late = await fetch(URLRequest(url: lab.url(Route.slowUser, tag: "late")), in: lab)
        #expect(late?.status == 200)
        #expect(clock.now - afterwards >= RouteTable.slowUserDelay)
    }

    /// Pins down the workaround in `Lab.sessionConfiguration()`: on Linux a task cancelled while
    /// Foundation looks its request up in the session's `URLCache` traps, so the lab's sessions have
    /// none there. (Apple's URLSession has no such trap; there the ephemeral cache stays.)
    @Test func theLabsSessionsHaveNoURLCacheOnLinux() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        #if canImport(FoundationNetworking)
            #expect(lab.session.configuration.urlCache == nil)
            #expect(lab.impatientSession.configuration.urlCache == nil)
        #else
            #expect(lab.session.configuration.urlCache != nil)
        #endif
    }

    @Test func theHangUpRouteFailsAsADroppedConnection() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        #if os(Linux)
            let dropped = URLError.Code.badServerResponse
        #else
            let dropped = URLError.Code.networkConnectionLost
        #endif
        #expect(await failure(of: URLRequest(url: lab.url(Route.hangUp)), in: lab) == dropped)
    }

    @Test func theImpatientSessionGivesUpOnTheSilentRouteWithTimedOut() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let clock = ContinuousClock()
        let start = clock.now
        var failure: URLError.Code?
        do {
            _ = try await lab.impatientSession.data(from: lab.url(Route.silence))
        } catch {
            failure = (error as? URLError)?.code
        }
        #expect(failure == .timedOut)
        // libcurl's clock is not ours, so only check that it waited rather than failing at once.
        #expect(clock.now - start >= .seconds(Lab.impatientTimeout / 2))
    }

    @Test func tagsKeepEachMeasurementsRequestsApart() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let first = lab.url(Route.user, tag: "first")
        let second = lab.url(Route.user, tag: "second")
        _ = await fetch(URLRequest(url: first), in: lab)
        _ = await fetch(URLRequest(url: second), in: lab)
        _ = await fetch(URLRequest(url: second), in: lab)
        #expect(lab.requestCount(for: first) == 1)
        #expect(lab.requestCount(for: second) == 2)
        #expect(lab.server.requestCount(path: Route.user) == 3)
    }

    @Test func tasksOfASessionListsTheRunningTaskUntilItIsCancelled() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        // The silent route keeps the task running however long this test is held up.
        let task = lab.session.dataTask(with: lab.url(Route.silence))
        task.resume()
        _ = try await lab.server.waitForRequest(path: Route.silence)
        let running = await tasks(of: lab.session)
        #expect(running.map(\.state) == [.running])
        task.cancel()
        #expect(await until { await tasks(of: lab.session).isEmpty })
    }

    /// Pins down Foundation's `getAllTasks` listing, which `tasks(of:)` reads race-free on Linux:
    /// a task never resumed is not listed; one suspended after a resume is, until it is cancelled.
    @Test func tasksOfASessionListsWhatGetAllTasksLists() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let never = lab.session.dataTask(with: lab.url(Route.silence, tag: "never"))
        let paused = lab.session.dataTask(with: lab.url(Route.silence, tag: "paused"))
        paused.resume()
        _ = await until { lab.requestCount(for: lab.url(Route.silence, tag: "paused")) == 1 }
        paused.suspend()
        #expect(await tasks(of: lab.session).map(\.taskIdentifier) == [paused.taskIdentifier])
        #if canImport(FoundationNetworking)
            let listed = await withCheckedContinuation { listing in
                lab.session.getAllTasks { listing.resume(returning: $0.map(\.taskIdentifier)) }
            }
            #expect(listed == [paused.taskIdentifier])
        #endif
        never.cancel()
        paused.cancel()
        #expect(await until { await tasks(of: lab.session).isEmpty })
    }
}
