import Foundation
import Harness
import LoopbackLab
import Testing
import TimeControl
import TypedClient

@testable import ConditionalRequests

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Chapter 7: conditional requests")
struct ConditionalRequestsTests {
    @Test func theFirstLoadSendsNoConditionAndDecodesOnce() async throws {
        let finding = try await measure(firstLoadDecodesTheUser)
        #expect(finding.value == Revalidation(shown: "Ada Lovelace", ifNoneMatch: nil, decodes: 1))
        #expect(finding.holds)
    }

    @Test func anUnchangedUserIsRevalidatedAndServedWithoutDecoding() async throws {
        let finding = try await measure(unchangedUserIsNotDecodedAgain)
        #expect(finding.value.ifNoneMatch == #""v1""#)
        #expect(finding.value.decodes == 1)
        #expect(finding.value.shown == "Ada Lovelace")
        #expect(finding.holds)
    }

    @Test func aRenamedUserIsDecodedAgainUnderItsNewName() async throws {
        let finding = try await measure(renamedUserIsDecodedAgain)
        #expect(
            finding.value
                == Revalidation(shown: "Augusta Ada King", ifNoneMatch: #""v1""#, decodes: 2))
        #expect(finding.holds)
    }

    @Test func threeQuickRefreshesReachTheServerButOnlyTheLastIsAnsweredAndShown() async throws {
        let finding = try await measure(quickRefreshesShowOnlyTheLatest)
        #expect(
            finding.value
                == RefreshBurst(requests: 3, answered: 1, updates: 1, decodes: 1, shown: "Augusta Ada King"))
        #expect(finding.holds)
    }

    @Test func theAwaitedLoaderFirstSendsNoConditionAndDecodesOnce() async throws {
        let finding = try await measure(awaitedFirstLoadDecodesTheUser)
        #expect(finding.value == Revalidation(shown: "Ada Lovelace", ifNoneMatch: nil, decodes: 1))
        #expect(finding.holds)
    }

    @Test func theAwaitedLoaderRevalidatesAnUnchangedUserWithoutDecoding() async throws {
        let finding = try await measure(awaitedUnchangedUserIsNotDecodedAgain)
        #expect(finding.value == Revalidation(shown: "Ada Lovelace", ifNoneMatch: #""v1""#, decodes: 1))
        #expect(finding.holds)
    }

    @Test func theAwaitedLoaderDecodesARenamedUserAgain() async throws {
        let finding = try await measure(awaitedRenamedUserIsDecodedAgain)
        #expect(
            finding.value
                == Revalidation(shown: "Augusta Ada King", ifNoneMatch: #""v1""#, decodes: 2))
        #expect(finding.holds)
    }

    /// Cancelling the stored `Task` does at the server what `switchToLatest` did: the two superseded
    /// clients leave before their answers, so the server writes one answer of three.
    @Test func cancellingTheOlderTasksLeavesOneAnsweredRequestAndOneUpdate() async throws {
        let finding = try await measure(awaitedRefreshesCancelTheOlderTasks)
        #expect(
            finding.value
                == RefreshBurst(requests: 3, answered: 1, updates: 1, decodes: 1, shown: "Augusta Ada King"))
        #expect(finding.holds)
    }

    /// Without the check after `await`, each cancelled load shows what it threw, which on Linux is
    /// `URLError.cancelled` from `data(for:)`, mapped to `.transport(.cancelled)`.
    @Test func withoutTheCancellationCheckTheCancelledLoadsReachTheScreen() async throws {
        let finding = try await measure(uncheckedRefreshesShowCancelledLoads)
        #expect(finding.value.requests == 3)
        #expect(finding.value.answered == 1)
        #expect(
            finding.value.updates == [
                "error .transport(.cancelled)", "error .transport(.cancelled)", "Augusta Ada King",
            ])
        #expect(finding.holds)
    }

    @Test func theReportListsEveryRuleOnceAndPairsTheRefreshes() {
        let rules = conditionalRequestRules + awaitedConditionalRules
        #expect(Set(rules.map(\.sentence)).count == 9)
        #expect(awaitedConditionalRules.allSatisfy { $0.sentence.hasPrefix("await: ") })
        #expect(Rule.pairingMistakes(in: rules).isEmpty)
        #expect(
            awaitedConditionalRules.compactMap(\.drawnBeside)
                == Array(
                    repeating: "three quick refreshes: one answer, one update", count: 2))
    }

    @Test func theServerAnswersANewETagAfterARenameAndA304OnlyForTheCurrentOne() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let session = uncachedSession()
        func get(ifNoneMatch: String?) async throws -> (status: Int, etag: String?, body: Int) {
            var request = URLRequest(url: lab.url(Route.profile, tag: "etags"))
            request.setValue(ifNoneMatch, forHTTPHeaderField: "If-None-Match")
            let (body, response) = try await session.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            return (http.statusCode, http.value(forHTTPHeaderField: "ETag"), body.count)
        }
        let first = try await get(ifNoneMatch: nil)
        #expect(first.status == 200 && first.etag == #""v1""# && first.body > 0)
        let unchanged = try await get(ifNoneMatch: #""v1""#)
        #expect(unchanged.status == 304 && unchanged.body == 0)
        await lab.renameProfile(tag: "etags")
        let renamed = try await get(ifNoneMatch: #""v1""#)
        #expect(renamed.status == 200 && renamed.etag == #""v2""#)
    }

    /// The dated profile the exercise revalidates against: a 304 for its own date or a later one,
    /// the whole profile for an earlier date or one that is not a date, a later date after a rename.
    @Test func theDatedProfileAnswers304FromItsDateOnAndALaterDateAfterARename() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let session = uncachedSession()
        let (first, renamed) = (ProfileResource.lastModifiedDates[0], ProfileResource.lastModifiedDates[1])
        func get(ifModifiedSince: String?) async throws -> (status: Int, lastModified: String?, body: String)
        {
            var request = URLRequest(url: lab.url(Route.datedProfile, tag: "dates"))
            request.setValue(ifModifiedSince, forHTTPHeaderField: "If-Modified-Since")
            let (body, response) = try await session.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            return (
                http.statusCode, http.value(forHTTPHeaderField: "Last-Modified"),
                String(decoding: body, as: UTF8.self)
            )
        }
        let plain = try await get(ifModifiedSince: nil)
        #expect(plain.status == 200 && plain.lastModified == first && plain.body.contains("Ada Lovelace"))
        let unchanged = try await get(ifModifiedSince: first)
        #expect(unchanged.status == 304 && unchanged.lastModified == first && unchanged.body.isEmpty)
        #expect(try await get(ifModifiedSince: "Mon, 02 Nov 2026 09:00:00 GMT").status == 304)
        #expect(try await get(ifModifiedSince: "Sat, 31 Oct 2026 09:00:00 GMT").status == 200)
        #expect(try await get(ifModifiedSince: "yesterday").status == 200)
        await lab.renameProfile(tag: "dates")
        let changed = try await get(ifModifiedSince: first)
        #expect(changed.status == 200 && changed.lastModified == renamed)
        #expect(changed.body.contains("Augusta Ada King"))
        #expect(try await get(ifModifiedSince: renamed).status == 304)
    }

    /// Linux Foundation's URLSession keeps nothing in a `URLCache`, however cacheable the answer:
    /// what the page says a cache does is Apple's behaviour, and this test fails if Linux starts
    /// caching, so the page can say so.
    @Test func linuxURLSessionKeepsNothingInItsURLCache() async throws {
        #if canImport(FoundationNetworking)
            let lab = try await Lab.open()
            defer { lab.close() }
            let configuration = Lab.sessionConfiguration()
            let cache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
            configuration.urlCache = cache
            configuration.requestCachePolicy = .useProtocolCachePolicy
            let session = URLSession(configuration: configuration)
            let url = lab.url(Route.datedProfile, tag: "url-cache")
            for _ in 1...2 { _ = try await session.data(from: url) }
            #expect(lab.requestCount(for: url) == 2)
            #expect(lab.requests(for: url).allSatisfy { $0.headers["If-Modified-Since"] == nil })
            #expect(cache.cachedResponse(for: URLRequest(url: url)) == nil)
            #expect(cache.currentMemoryUsage == 0)
        #endif
    }

    /// An ephemeral configuration comes with a cache of its own, in memory only: "ephemeral" means
    /// nothing is written to disk, not that nothing is cached.
    @Test func anEphemeralConfigurationHasAPrivateInMemoryCache() throws {
        let cache = try #require(URLSessionConfiguration.ephemeral.urlCache)
        #expect(cache.memoryCapacity > 0)
        #expect(cache.diskCapacity == 0)
    }

    @Test func aFailedLoadIsShownAndLaterRefreshesStillWork() async throws {
        let lab = try await Lab.open()
        defer { lab.close() }
        let loader = RevalidatingUserLoader(session: uncachedSession())
        let model = ProfileModel { loader.user(at: lab.url(Route.missingUser)) }
        model.refresh()
        _ = await until { model.updates == 1 }
        #expect(model.result == .failure(.status(404)))
        model.refresh()
        _ = await until { model.updates == 2 }
        #expect(model.updates == 2)
    }
}
