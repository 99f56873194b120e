import CheckProcesses
import Combine
import ExerciseCatalog
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
    /// Makes the loader under check; the checks pass a session that keeps no cache and a decoder that
    /// counts its decodes.
    public let makeLoader: @Sendable (URLSession, CountingDecoder) -> any UserLoader

    /// Wraps the function under check that makes a loader.
    public init(makeLoader: @escaping @Sendable (URLSession, CountingDecoder) -> any UserLoader) {
        self.makeLoader = makeLoader
    }
}

let modifiedSinceLoaderChecks = CheckedExercise(
    .modifiedSinceLoader, code: ModifiedSinceLoaderCode.self,
    measures: [
        CheckOf(firstFetchDecodes),
        CheckOf(unchangedUserIsServedFromMemory),
        CheckOf(changedUserIsDecoded),
        CheckOf(nextFetchAsksWithTheNewDate),
        CheckOf(resubscribingAsksWithTheKeptDate),
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
