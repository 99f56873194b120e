import Foundation
import Harness
import LoopbackLab
import Testing
import TypedClient

@testable import StatusIsAValue

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Chapter 2: status is a value")
struct StatusIsAValueTests {
    @Test func a404ArrivesAsTheValue404AndTheStreamFinishes() async throws {
        let finding = try await measure(notFoundArrivesAsAValue)
        #expect(try finding.value.get() == [404])
        #expect(finding.holds)
    }

    @Test func decodingA404WithoutValidationFailsAsAMissingKey() async throws {
        let finding = try await measure(decodingWithoutValidationBlamesTheBody)
        #expect(missingKey(in: finding.value) == "id")
        #expect(finding.holds)
    }

    @Test func aFollowedRedirectDeliversOnlyTheFinal200() async throws {
        let finding = try await measure(followedRedirectShowsTheLastAnswer)
        #expect(finding.value == Answered(outcome: .success([200]), requests: 2))
        #expect(finding.holds)
    }

    @Test func aBodyCutShortAfterItsHeadersFailsWithThisPlatformsCode() async throws {
        let finding = try await measure(cutShortBodyFails)
        #if os(Linux)
            #expect(finding.value == .unknown)
        #else
            #expect(finding.value == .networkConnectionLost)
        #endif
        #expect(finding.holds)
    }

    @Test func endlessRedirectsFailWithTooManyRedirectsThoughEachWasAnswered() async throws {
        let finding = try await measure(endlessRedirectsFail)
        guard case .failure(let failure) = finding.value.outcome else {
            Issue.record("the redirect loop delivered \(finding.value.outcome)")
            return
        }
        #expect(failure.code == .httpTooManyRedirects)
        #if os(Linux)
            // libcurl under Linux Foundation follows 20 redirects: the first request and 20 more.
            #expect(finding.value.requests == 21)
        #else
            #expect(finding.value.requests > 1)
        #endif
        #expect(finding.holds)
    }

    @Test func a302WithoutLocationArrivesAsTheValue302() async throws {
        let finding = try await measure(redirectWithoutLocationArrivesAsAValue)
        #expect(try finding.value.get() == [302])
        #expect(finding.holds)
    }

    @Test func aRequestsOwnTimeoutCountsAsThisPlatformSetsIt() async throws {
        let finding = try await measure(requestTimeoutsAgainstASilentServer)
        #if os(Linux)
            // Measured: only the property marks the timeout as set, and it counts whole seconds.
            #expect(finding.value.setThroughTheProperty.when == "after 1 s")
            #expect(finding.value.givenToTheInitializer.when == "after the configuration's 2 s")
        #else
            // Apple's documented behaviour: the request's own timeout, however it was set.
            #expect(finding.value.givenToTheInitializer.when == "after 1 s")
        #endif
        #expect(finding.value.halfASecond.when == "before the 1 s one")
        #expect(finding.value.setThroughTheProperty.failure == "URLError.timedOut")
        #expect(finding.holds)
    }

    @Test func awaitingDataForA404ReturnsTheStatus404AndThrowsNothing() async throws {
        let finding = try await measure(awaitedNotFoundIsReturned)
        #expect(try finding.value.get() == 404)
        #expect(finding.holds)
    }

    @Test func awaitingAnUncheckedUserFromA404ThrowsAMissingKeyAsTheCombineChainFailed() async throws {
        let finding = try await measure(awaitedDecodingBlamesTheBody)
        #expect(missingKey(in: finding.value) == "id")
        #expect(finding.holds)
    }

    /// An `https` request to a port that answers in plain HTTP fails in the handshake, not with a
    /// response: Linux Foundation reports `.unknown`; Apple's URLSession is expected to report
    /// `.secureConnectionFailed` (-1200), which its documentation gives for a failed secure connection.
    @Test func anHTTPSRequestToAPlainHTTPPortFailsTheHandshakeWithoutAResponse() async throws {
        let finding = try await measure(tlsHandshakeFails)
        #if os(Linux)
            #expect(finding.value == .unknown, "\(finding.verdict.measured)")
        #else
            #expect(finding.value == .secureConnectionFailed, "\(finding.verdict.measured)")
        #endif
        #expect(finding.holds)
    }

    /// A failure of the transport ends with the same `URLError` code whether a publisher fails with
    /// it or `try await` throws it: a refused connection, a dropped one (with this platform's code)
    /// and a server that never answers.
    @Test(arguments: TransportFailure.allCases)
    func aTransportFailureHasTheSameCodeInCombineAndInAsyncAwait(_ failure: TransportFailure) async throws {
        for (form, rule) in failure.rules {
            let finding = try await measure(rule)
            #expect(finding.value == failure.code, "\(form)")
            #expect(finding.holds, "\(form)")
        }
    }
}

/// The transport failures chapter 2 measures in both forms, with the code each must end with.
enum TransportFailure: CaseIterable, Sendable {
    case refused, dropped, silent

    var code: URLError.Code {
        switch self {
        case .refused: .cannotConnectToHost
        case .dropped:
            #if os(Linux)
                .badServerResponse
            #else
                .networkConnectionLost
            #endif
        case .silent: .timedOut
        }
    }

    /// The Combine rule and its async/await twin.
    var rules: [(form: String, rule: @Sendable (Lab) async -> Finding<URLError.Code?>)] {
        switch self {
        case .refused: [("Combine", refusedConnectionFails), ("async/await", awaitedRefusedConnectionThrows)]
        case .dropped: [("Combine", droppedConnectionFails), ("async/await", awaitedDroppedConnectionThrows)]
        case .silent: [("Combine", silentServerTimesOut), ("async/await", awaitedSilentServerThrows)]
        }
    }
}

/// The key a decode failed for as missing, or nil when `outcome` succeeded or failed otherwise.
private func missingKey<Value>(in outcome: Result<Value, any Error>) -> String? {
    guard case .failure(let failure) = outcome, case .keyNotFound(let key, _) = failure as? DecodingError
    else {
        return nil
    }
    return key.stringValue
}
