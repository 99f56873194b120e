import CheckProcesses
import Combine
import ExerciseSupport
import Foundation
import Harness
import Locking
import LoopbackLab
import Quantities
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 7's code: a loader made with a session and the decoder it is to decode with.
public struct ModifiedSinceLoaderCode: ExerciseCode {
    public let makeLoader: @Sendable (URLSession, CountingDecoder) -> any UserLoader

    public init(makeLoader: @escaping @Sendable (URLSession, CountingDecoder) -> any UserLoader) {
        self.makeLoader = makeLoader
    }
}

let modifiedSinceLoaderExercise = Exercise(
    number: 7, chapter: "ConditionalRequests", name: "ModifiedSinceLoader",
    task: "Revalidate with dates: send back Last-Modified as If-Modified-Since and serve a 304 from memory.",
    hint: """
        The chapter's loader kept the ETag of its last 200 and sent it as If-None-Match. Do the
        same with the date: keep the Last-Modified header of the last 200 together with the user
        decoded from it, and build each request when someone subscribes (Deferred) with that date
        in If-Modified-Since, copied exactly as the server wrote it. A 304 has no body: answer it
        with the user you kept, before any status check would call it a failure. A 200 replaces
        what you kept, date and user both.
        """,
    code: ModifiedSinceLoaderCode.self,
    checks: [
        CheckOf(
            "the first fetch decodes the user",
            hint:
                "With nothing kept, send a plain GET and decode the 200's body with the decoder you were given.",
            firstFetchDecodes),
        CheckOf(
            "a second fetch sends If-Modified-Since and serves the 304 without decoding",
            hint:
                "Send the Last-Modified you kept as If-Modified-Since; on a 304, hand back the kept user without decoding.",
            unchangedUserIsServedFromMemory),
        CheckOf(
            "after the user changes, a fetch decodes the new user",
            hint:
                "Send the date you kept on every fetch: to a date it has moved past, the server answers 200 with the new user.",
            changedUserIsDecoded),
        CheckOf(
            "the fetch after that asks with the new date",
            hint: "A 200 replaces what you kept: its Last-Modified is the date to send next time.",
            nextFetchAsksWithTheNewDate),
        CheckOf(
            "subscribing again to the same publisher asks with the date kept since",
            hint:
                "Build the request inside Deferred, so each subscription reads what is kept when it subscribes.",
            resubscribingAsksWithTheKeptDate),
    ])

/// What one fetch through the loader came to: the user shown (or the failure), the
/// `If-Modified-Since` the server received with it, and the decodes counted so far.
struct DatedFetch: Equatable, Sendable {
    var shown: String
    var ifModifiedSince: String?
    var decodes: Int

    var summary: String {
        [
            shown, ifModifiedSince.map { "If-Modified-Since \($0)" } ?? "no If-Modified-Since",
            counted(decodes, "decode"),
        ]
        .joined(separator: ", ")
    }
}

/// A loader from the code under check, the decoder it counts with, and the profile URL of `tag`.
private struct DatedProfileClient {
    let loader: any UserLoader
    let decoder = CountingDecoder()
    let url: URL
    let lab: Lab

    init(_ code: ModifiedSinceLoaderCode, tag: String, in lab: Lab) {
        loader = code.makeLoader(uncachedSession(), decoder)
        url = lab.url(Route.datedProfile, tag: tag)
        self.lab = lab
    }

    /// Fetches once, through `publisher` or else a new one, and sums up what happened.
    func fetch(_ publisher: AnyPublisher<User, APIError>? = nil) async -> DatedFetch {
        let shown =
            switch await outcome(of: publisher ?? loader.user(at: url)) {
            case .success(let users): users.isEmpty ? "no user" : users.map(\.name).joined(separator: ", ")
            case .failure(let failure): "failed: \(failure)"
            }
        return DatedFetch(
            shown: shown, ifModifiedSince: lab.requests(for: url).last?.headers["If-Modified-Since"],
            decodes: decoder.count)
    }
}

/// A finding on `measured` against `expected`.
private func datedFinding(expected: DatedFetch, measured: DatedFetch) -> Finding<DatedFetch> {
    Finding(expected: expected, measured: measured, describe: \.summary)
}

private let firstName = ProfileResource.names[0]
private let renamed = ProfileResource.names[1]
private let firstDate = ProfileResource.lastModifiedDates[0]
private let renamedDate = ProfileResource.lastModifiedDates[1]

func firstFetchDecodes(_ code: ModifiedSinceLoaderCode, in lab: Lab) async -> Finding<DatedFetch> {
    let client = DatedProfileClient(code, tag: "first", in: lab)
    return datedFinding(
        expected: DatedFetch(shown: firstName, ifModifiedSince: nil, decodes: 1),
        measured: await client.fetch())
}

func unchangedUserIsServedFromMemory(
    _ code: ModifiedSinceLoaderCode, in lab: Lab
) async -> Finding<DatedFetch> {
    let client = DatedProfileClient(code, tag: "unchanged", in: lab)
    _ = await client.fetch()
    return datedFinding(
        expected: DatedFetch(shown: firstName, ifModifiedSince: firstDate, decodes: 1),
        measured: await client.fetch())
}

func changedUserIsDecoded(_ code: ModifiedSinceLoaderCode, in lab: Lab) async -> Finding<DatedFetch> {
    let client = DatedProfileClient(code, tag: "changed", in: lab)
    _ = await client.fetch()
    await lab.renameProfile(tag: "changed")
    return datedFinding(
        expected: DatedFetch(shown: renamed, ifModifiedSince: firstDate, decodes: 2),
        measured: await client.fetch())
}

func nextFetchAsksWithTheNewDate(_ code: ModifiedSinceLoaderCode, in lab: Lab) async -> Finding<DatedFetch> {
    let client = DatedProfileClient(code, tag: "changed-then-unchanged", in: lab)
    _ = await client.fetch()
    await lab.renameProfile(tag: "changed-then-unchanged")
    _ = await client.fetch()
    return datedFinding(
        expected: DatedFetch(shown: renamed, ifModifiedSince: renamedDate, decodes: 2),
        measured: await client.fetch())
}

func resubscribingAsksWithTheKeptDate(
    _ code: ModifiedSinceLoaderCode, in lab: Lab
) async -> Finding<DatedFetch> {
    let client = DatedProfileClient(code, tag: "same-publisher", in: lab)
    let publisher = client.loader.user(at: client.url)
    _ = await client.fetch(publisher)
    return datedFinding(
        expected: DatedFetch(shown: firstName, ifModifiedSince: firstDate, decodes: 1),
        measured: await client.fetch(publisher))
}
