import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The async/await twin of the crashing model: its closure written inline and handed to a helper
// that calls it after an `await`. It compiles only where a nonisolated async function runs on its
// caller's actor, under `NonisolatedNonsendingByDefault`, as two of `Sources/BuildSettings`'
// targets build this file. Everywhere else the condition leaves it out, for the compiler rejects
// it: the chapter's row "await: the inline closure does not compile" compiles this file and
// `AwaitedFetch.swift` as the chapter is built, with `REJECTED_MODEL` defined, and reads the error.
#if hasFeature(NonisolatedNonsendingByDefault) || REJECTED_MODEL
    // excerpt: inline-closure-model
    /// The model's decoding handed to `fetched` in a closure written inline, as `UserNameModel`
    /// handed its first step to `map`. The closure is written in a `@MainActor` class and is not
    /// `@Sendable`, so it belongs to the main actor; `fetched` belongs to no actor.
    @MainActor
    final class InlineClosureNameModel {
        private(set) var name: String?
        private let decoder: JSONDecoder

        init(decoder: JSONDecoder = JSONDecoder()) {
            self.decoder = decoder
        }

        func load(from url: URL, session: URLSession) async {
            do {
                name = try await fetched(from: url, session: session) { data in
                    try self.decoder.decode(ShownName.self, from: data).name
                }
            } catch {
                name = "(could not load the name)"
            }
        }
    }
    // end excerpt

    /// The part of a user's JSON the model shows. It belongs to no actor, so that a target whose
    /// default isolation is `MainActor` can decode it wherever `fetched` calls the closure.
    nonisolated private struct ShownName: Decodable {
        let name: String
    }
#endif
