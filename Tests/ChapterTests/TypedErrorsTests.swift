import Foundation
import Harness
import LoopbackLab
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

    @Test func awaitingUser1ReturnsItDecoded() async throws {
        let finding = try await measure(awaitedUserReturnsDecoded)
        #expect(finding.value == .success(User(id: 1, name: "Ada Lovelace")))
        #expect(finding.holds)
    }

    @Test func awaitingAMissingUserThrowsStatus404() async throws {
        let finding = try await measure(awaitedMissingUserThrowsStatus)
        #expect(finding.value == .failure(.status(404)))
        #expect(finding.holds)
    }

    @Test func awaitingAnOverloadedServerThrowsStatus503() async throws {
        let finding = try await measure(awaitedBusyServerThrowsStatus)
        #expect(finding.value == .failure(.status(503)))
        #expect(finding.holds)
    }

    @Test func awaitingAMalformedBodyThrowsDecoding() async throws {
        let finding = try await measure(awaitedMalformedBodyThrowsDecoding)
        #expect(finding.value == .failure(.decoding))
        #expect(finding.holds)
    }

    @Test func awaitingARefusedConnectionThrowsTransportCannotConnectToHost() async throws {
        let finding = try await measure(awaitedRefusedConnectionThrowsTransport)
        #expect(finding.value == .failure(.transport(.cannotConnectToHost)))
        #expect(finding.holds)
    }

    /// The typed function labels each failure as the typed publisher did: the same user, or the
    /// same `APIError`, from the Combine row and from its twin.
    @Test(arguments: TypedOutcome.allCases)
    func theAwaitedClientLabelsEachOutcomeAsThePublisherDid(_ outcome: TypedOutcome) async throws {
        let published = try await measure(outcome.combineRule).value
        let awaited = try await measure(outcome.awaitedRule).value
        #expect(published.map(\.first) == awaited.map(Optional.some))
        #expect(published.map(\.count) == awaited.map { _ in 1 })
    }

    @Test func theCatchOfTheTypedCallGetsAPIErrorWhereDataForThrowsAnyError() async throws {
        let finding = try await measure(awaitedCatchGetsAPIError)
        #expect(
            finding.value
                == CaughtFailure(
                    dataForThrows: "any Error", fetchThrows: "APIError",
                    handled: "the 404 says \"No such user\""))
        #expect(finding.holds)
    }

    @Test func theGreetingNamesUser1AndSaysAClosedPortCannotBeReached() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let found = await greeting(forUser: 1, session: lab.session, baseURL: lab.server.baseURL)
        let refused = await greeting(forUser: 1, session: lab.session, baseURL: closedLoopbackURL())
        #expect(found == "Hello, Ada Lovelace")
        #expect(refused == "Cannot reach the server")
    }

    @Test func thePlainThrowsVersionThrowsAnyErrorAndNeedsACast() async throws {
        let finding = try await measure(awaitedPlainThrowsErasesTheType)
        #expect(finding.value == ErasedFailure(failureType: "any Error", recoveredByCast: .status(404)))
        #expect(finding.holds)
    }

    @Test func thePlainThrowsVersionLetsOutWhatTheTryMapVersionPassedOn() async throws {
        let awaited = try await measure(awaitedPlainThrowsPassesOtherFailuresOnRaw)
        let published = try await measure(tryMapPassesOtherFailuresOnRaw)
        #expect(
            awaited.value == [
                "APIError.status(404)", "DecodingError.dataCorrupted", "URLError.cannotConnectToHost",
            ])
        #expect(awaited.value == published.value.withTryMap)
        #expect(awaited.holds)
    }

    @Test func asyncLetATaskAndACatchInAClosureGiveAnyErrorUnlessTheDoSaysThrowsAPIError() async throws {
        let finding = try await measure(awaitedWrappersForgetTheType)
        #expect(
            finding.value.caught == [
                "async let: any Error", "Task: any Error", "catch in a closure: any Error",
                "do throws(APIError) in a closure: APIError",
            ])
        #expect(finding.value.recoveredByCast == Array(repeating: .status(404), count: 4))
        #expect(finding.holds)
    }

    @Test func theTypeNamesReadTheDeclaredTypeNotWhatTheValueHolds() {
        let plain: any Error = APIError.decoding
        #expect(declaredTypeName(of: plain) == "any Error")
        #expect(declaredTypeName(of: APIError.decoding) == "APIError")
        #expect(
            thrownTypeName(
                of: awaitedFetch(_:from:session:decoder:)
                    as (User.Type, URL, URLSession, JSONDecoder) async throws(APIError) -> User) == "APIError"
        )
        #expect(thrownTypeName(of: awaitedUserWithPlainThrows) == "any Error")
    }

    private let closedURL = URL(string: "http://127.0.0.1:1")!
}

/// The outcomes chapter 3 measures in both forms: a user and four failures.
enum TypedOutcome: CaseIterable, Sendable {
    case user, missing, busy, malformed, refused

    /// The Combine rule, which collects what the publisher delivered.
    var combineRule: @Sendable (Lab) async -> Finding<Result<[User], APIError>> {
        switch self {
        case .user: userArrivesDecoded
        case .missing: missingUserFailsWithStatus
        case .busy: busyServerFailsWithStatus
        case .malformed: malformedBodyFailsWithDecoding
        case .refused: refusedConnectionFailsWithTransport
        }
    }

    /// Its async/await twin, which keeps what the call returned or threw.
    var awaitedRule: @Sendable (Lab) async -> Finding<Result<User, APIError>> {
        switch self {
        case .user: awaitedUserReturnsDecoded
        case .missing: awaitedMissingUserThrowsStatus
        case .busy: awaitedBusyServerThrowsStatus
        case .malformed: awaitedMalformedBodyThrowsDecoding
        case .refused: awaitedRefusedConnectionThrowsTransport
        }
    }
}
