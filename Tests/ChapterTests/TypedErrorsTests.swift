import Foundation
import Testing
import TypedClient

@testable import TypedErrors

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Chapter 3: typed errors")
struct TypedErrorsTests {
    @Test func user1ArrivesDecoded() async throws {
        let finding = try await measure(userArrivesDecoded)
        #expect(finding.value == .success([User(id: 1, name: "Ada Lovelace")]))
        #expect(finding.holds)
    }

    @Test func aMissingUserFailsWithStatus404() async throws {
        let finding = try await measure(missingUserFailsWithStatus)
        #expect(finding.value == .failure(.status(404)))
        #expect(finding.holds)
    }

    @Test func anOverloadedServerFailsWithStatus503() async throws {
        let finding = try await measure(busyServerFailsWithStatus)
        #expect(finding.value == .failure(.status(503)))
        #expect(finding.holds)
    }

    @Test func aMalformedBodyFailsWithDecoding() async throws {
        let finding = try await measure(malformedBodyFailsWithDecoding)
        #expect(finding.value == .failure(.decoding))
        #expect(finding.holds)
    }

    @Test func aRefusedConnectionFailsWithTransportCannotConnectToHost() async throws {
        let finding = try await measure(refusedConnectionFailsWithTransport)
        #expect(finding.value == .failure(.transport(.cannotConnectToHost)))
        #expect(finding.holds)
    }

    @Test func aTimeoutFailsWithTransportTimedOutAfterTheServerHadTheRequest() async throws {
        let finding = try await measure(timeoutFailsWithTransport)
        #expect(finding.value == TimedOutLoad(outcome: .failure(.transport(.timedOut)), requestsAtServer: 1))
        #expect(finding.holds)
    }

    @Test func theTryMapVersionFailsWithAnyErrorAndNeedsACast() async throws {
        let finding = try await measure(tryMapErasesTheFailureType)
        #expect(finding.value == ErasedFailure(failureType: "any Error", recoveredByCast: .status(404)))
        #expect(finding.holds)
    }

    @Test func theTryMapVersionWrapsOnlyTheStatusAndPassesDecodingAndTransportErrorsOnRaw() async throws {
        let finding = try await measure(tryMapPassesOtherFailuresOnRaw)
        #expect(finding.value.typed.allSatisfy { $0.hasPrefix("APIError.") })
        #expect(
            finding.value.withTryMap == [
                "APIError.status(404)", "DecodingError.dataCorrupted", "URLError.cannotConnectToHost",
            ])
        #expect(finding.holds)
    }

    @Test func theTypedClientKeepsAPIErrorAsItsFailureType() {
        #expect(failureTypeName(of: fetchUser(id: 1, session: .shared, baseURL: closedURL)) == "APIError")
    }

    private let closedURL = URL(string: "http://127.0.0.1:1")!
}
