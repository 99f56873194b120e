import Foundation
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
        guard case .failure(let failure) = finding.value else {
            Issue.record("decoding the 404 body succeeded: \(finding.value)")
            return
        }
        guard case .keyNotFound(let key, _) = failure as? DecodingError else {
            Issue.record("expected a DecodingError.keyNotFound, got \(failure)")
            return
        }
        #expect(key.stringValue == "id")
        #expect(finding.holds)
    }

    @Test func aRefusedConnectionFailsWithCannotConnectToHost() async throws {
        let finding = try await measure(refusedConnectionFails)
        #expect(finding.value == .cannotConnectToHost)
        #expect(finding.holds)
    }

    @Test func aDroppedConnectionFailsWithThisPlatformsCode() async throws {
        let finding = try await measure(droppedConnectionFails)
        #if os(Linux)
            #expect(finding.value == .badServerResponse)
        #else
            #expect(finding.value == .networkConnectionLost)
        #endif
        #expect(finding.holds)
    }

    @Test func aSilentServerFailsWithTimedOut() async throws {
        let finding = try await measure(silentServerTimesOut)
        #expect(finding.value == .timedOut)
        #expect(finding.holds)
    }
}
