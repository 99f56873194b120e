/// The ways the probe can write the first transform of its pipeline; the argument that picks one.
enum ProbeMode: String, CaseIterable, Sendable {
    /// A closure written inline in the main-actor model: it carries the main actor's isolation check.
    case inlineClosure = "inline-closure"
    /// The same closure marked `@Sendable`, which makes it nonisolated.
    case sendableClosure = "sendable-closure"
    /// A key path instead of a closure; a key path has no isolation.
    case keyPath = "key-path"
    /// The inline closure again, but written in a nonisolated function that builds the pipeline.
    case nonisolatedBuilder = "nonisolated-builder"
}

/// The JSON body the probe's server answers with; tests compare the byte count the probe reports.
enum ProbeRoute {
    static let path = "/users/1"
    static let body = #"{"id": 1, "name": "Ada Lovelace"}"#
}
