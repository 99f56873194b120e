import Foundation
import Harness
import LoopbackLab
import Timelines
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The async/await twins of the chapter's rules, in the order the report lists them, after the
/// Combine rows: the same lab, the same routes, the same sessions.
let awaitedTypedErrorRules = [
    Rule("await: user 1 returns decoded", awaitedUserReturnsDecoded),
    Rule("await: a missing user throws its status", awaitedMissingUserThrowsStatus),
    Rule("await: an overloaded server throws its status", awaitedBusyServerThrowsStatus),
    Rule("await: a malformed body throws .decoding", awaitedMalformedBodyThrowsDecoding),
    Rule("await: a refused connection throws .transport", awaitedRefusedConnectionThrowsTransport),
    Rule("await: the catch gets an APIError, no cast", awaitedCatchGetsAPIError),
    Rule.demonstration("await: with plain throws the catch gets any Error", awaitedPlainThrowsErasesTheType),
    Rule(
        "await: plain throws lets other errors out raw",
        awaitedPlainThrowsPassesOtherFailuresOnRaw),
    Rule.demonstration("await: async let, Task and closures forget APIError", awaitedWrappersForgetTheType),
]

// excerpt: awaited-typed-outcomes
/// A 200 with a user's JSON is the one way to get a user back from `awaitedFetchUser`.
func awaitedUserReturnsDecoded(in lab: Lab) async -> Finding<Result<User, APIError>> {
    let loaded = await awaitedAPICall(
        try await awaitedFetchUser(id: 1, session: lab.session, baseURL: lab.server.baseURL),
        "try await awaitedFetchUser(id: 1)")
    return awaitedFinding(expected: .success(User(id: 1, name: "Ada Lovelace")), measured: loaded)
}

/// A 404 is thrown as `.status(404)`, the failure the publisher ended with.
func awaitedMissingUserThrowsStatus(in lab: Lab) async -> Finding<Result<User, APIError>> {
    let loaded = await awaitedAPICall(
        try await awaitedFetchUser(id: 2, session: lab.session, baseURL: lab.server.baseURL),
        "try await awaitedFetchUser(id: 2)")
    return awaitedFinding(expected: .failure(.status(404)), measured: loaded)
}

/// A 503 is a status too, which a caller may choose to try again.
func awaitedBusyServerThrowsStatus(in lab: Lab) async -> Finding<Result<User, APIError>> {
    let loaded = await awaitedAPICall(
        try await awaitedFetch(User.self, from: lab.url(Route.busy), session: lab.session),
        "try await awaitedFetch(from: /busy)")
    return awaitedFinding(expected: .failure(.status(503)), measured: loaded)
}

/// A 200 whose body is not a user is the one failure labelled `.decoding`.
func awaitedMalformedBodyThrowsDecoding(in lab: Lab) async -> Finding<Result<User, APIError>> {
    let loaded = await awaitedAPICall(
        try await awaitedFetch(User.self, from: lab.url(Route.broken), session: lab.session),
        "try await awaitedFetch(from: /broken)")
    return awaitedFinding(expected: .failure(.decoding), measured: loaded)
}

/// No response at all: the `URLError` that `data(for:)` threw keeps its code inside `.transport`.
func awaitedRefusedConnectionThrowsTransport(in lab: Lab) async -> Finding<Result<User, APIError>> {
    let loaded = await awaitedAPICall(
        try await awaitedFetchUser(id: 1, session: lab.session, baseURL: closedLoopbackURL()),
        "try await awaitedFetchUser(id: 1) from a closed port")
    return awaitedFinding(expected: .failure(.transport(.cannotConnectToHost)), measured: loaded)
}
// end excerpt

/// What a caller of a typed function is handed: the error type the function declares, and what
/// its `catch` made of one failure.
struct CaughtFailure: Equatable, Sendable {
    /// The error type `URLSession.data(for:)` declares.
    var dataForThrows: String
    /// The error type `awaitedFetchUser` declares.
    var fetchThrows: String
    var handled: String

    var summary: String {
        "data(for:) throws(\(dataForThrows)), awaitedFetchUser throws(\(fetchThrows)); " + handled
    }
}

// excerpt: awaited-catch-gets-api-error
/// `data(for:)` declares a plain `throws`; `awaitedFetchUser` declares `throws(APIError)`, so the
/// compiler accepts `greeting`'s `switch` without a cast or a `default`. The run shows which case a
/// 404 took.
func awaitedCatchGetsAPIError(in lab: Lab) async -> Finding<CaughtFailure> {
    let greeted = await awaitedOnTheTimeline("await greeting(forUser: 2)") {
        await greeting(forUser: 2, session: lab.session, baseURL: lab.server.baseURL)
    }
    return Finding(
        expected: CaughtFailure(
            dataForThrows: "any Error", fetchThrows: "APIError", handled: "the 404 says \"No such user\""),
        measured: CaughtFailure(
            dataForThrows: thrownTypeName(of: lab.session.data(for:delegate:)),
            fetchThrows: thrownTypeName(of: awaitedFetchUser),
            handled: "the 404 says " + ((try? greeted.get()).map { "\"\($0)\"" } ?? "nothing")),
        describe: \.summary)
}
// end excerpt

// excerpt: awaited-plain-throws-erases-the-type
/// With a plain `throws` the compiler knows nothing of what can go wrong: the `catch` gets
/// `any Error`, and the `APIError` comes back only by casting, as it did after `tryMap`.
func awaitedPlainThrowsErasesTheType(in lab: Lab) async -> Finding<ErasedFailure> {
    let loaded = await awaitedOnTheTimeline("try await awaitedUserWithPlainThrows(from: /users/2)") {
        try await awaitedUserWithPlainThrows(from: lab.url(Route.missingUser), session: lab.session)
    }
    let recovered = if case .failure(let failure) = loaded { failure as? APIError } else { APIError?.none }
    Timeline.current?.record(
        .note, lane: awaitLane, detail: "error as? APIError: \(recovered.map(\.description) ?? "nil")")
    Timeline.current?.caption(
        "The function throws(\(thrownTypeName(of: awaitedUserWithPlainThrows))), not APIError: the 404 is "
            + "thrown as in the typed client, and the catch gets its APIError back only by the cast drawn last."
    )
    return Finding(
        expected: ErasedFailure(failureType: "any Error", recoveredByCast: .status(404)),
        measured: ErasedFailure(
            failureType: thrownTypeName(of: awaitedUserWithPlainThrows), recoveredByCast: recovered),
        describe: {
            "throws(\($0.failureType)), cast gives \($0.recoveredByCast.map(\.description) ?? "nil")"
        })
}
// end excerpt

// excerpt: awaited-side-by-side-failures
/// The three failures the typed rows above label `.status(404)`, `.decoding` and `.transport`,
/// through `awaitedUserWithPlainThrows`: an `APIError` comes out only for the status it threw itself.
func awaitedPlainThrowsPassesOtherFailuresOnRaw(in lab: Lab) async -> Finding<[String]> {
    let failures = [
        ("/users/2", lab.url(Route.missingUser)), ("/broken", lab.url(Route.broken)),
        ("a closed port", closedLoopbackURL().appending(path: Route.user)),
    ]
    var thrown: [String] = []
    for (name, url) in failures {
        let loaded = await awaitedOnTheTimeline("plain throws, \(name)") {
            try await awaitedUserWithPlainThrows(from: url, session: lab.session)
        }
        thrown.append(thrownName(loaded))
    }
    return Finding(
        expected: ["APIError.status(404)", "DecodingError.dataCorrupted", "URLError.cannotConnectToHost"],
        measured: thrown, describe: { $0.joined(separator: ", ") })
}
// end excerpt

/// The type a `catch` gave the error of one typed call in each place it was tried, and what a cast
/// found in it.
struct ForgottenTypes: Equatable, Sendable {
    /// `place: type` for each place, in the order tried.
    var caught: [String] = []
    /// The `APIError` each failure held, found again by a cast.
    var recoveredByCast: [APIError?] = []

    /// Notes that the `catch` in `place` gave the error `type`, and that a cast found `recovered`;
    /// the timeline draws it on a lane named for the place, when the catch had run.
    mutating func note(_ place: String, _ caught: (type: String, recovered: APIError?)) {
        self.caught.append(place + ": " + caught.type)
        recoveredByCast.append(caught.recovered)
        let cast = caught.recovered.map(\.description) ?? "nil"
        Timeline.current?.record(
            .note, lane: place, detail: "catch got \(caught.type), as? APIError: \(cast)")
    }

    var summary: String {
        caught.joined(separator: ", ") + "; cast gives "
            + Set(recoveredByCast.map { $0.map(\.description) ?? "nil" }).sorted().joined(separator: ", ")
    }
}

// excerpt: awaited-wrappers-forget-the-type
/// A `catch` written in a function's body around the typed call gets an `APIError`. Measured with
/// Swift 6.3, it gets `any Error` again after an `async let` or a `Task`, and when it is written
/// inside a closure, unless its `do` says `throws(APIError)`.
func awaitedWrappersForgetTheType(in lab: Lab) async -> Finding<ForgottenTypes> {
    let (session, baseURL) = (lab.session, lab.server.baseURL)
    var seen = ForgottenTypes()
    async let pending = awaitedFetchUser(id: 2, session: session, baseURL: baseURL)
    do { _ = try await pending } catch {
        seen.note("async let", (declaredTypeName(of: error), error as? APIError))
    }
    let task = Task { try await awaitedFetchUser(id: 2, session: session, baseURL: baseURL) }
    do { _ = try await task.value } catch {
        seen.note("Task", (declaredTypeName(of: error), error as? APIError))
    }
    let inClosure = await Task { () -> (type: String, recovered: APIError?) in
        do {
            _ = try await awaitedFetchUser(id: 2, session: session, baseURL: baseURL)
            return ("nothing thrown", nil)
        } catch {
            return (declaredTypeName(of: error), error as? APIError)
        }
    }.value
    seen.note("catch in a closure", inClosure)
    let declared = await Task { () -> (type: String, recovered: APIError?) in
        do throws(APIError) {
            _ = try await awaitedFetchUser(id: 2, session: session, baseURL: baseURL)
            return ("nothing thrown", nil)
        } catch {
            return (declaredTypeName(of: error), error)
        }
    }.value
    seen.note("do throws(APIError) in a closure", declared)
    Timeline.current?.caption(
        "The same typed call awaited four ways, one lane each: its mark is the catch, with the type "
            + "the catch gave the 404's error and what a cast to APIError found.")
    return Finding(
        expected: ForgottenTypes(
            caught: [
                "async let: any Error", "Task: any Error", "catch in a closure: any Error",
                "do throws(APIError) in a closure: APIError",
            ],
            recoveredByCast: Array(repeating: .status(404), count: 4)),
        measured: seen, describe: \.summary)
}
// end excerpt

/// Awaits a call that throws `APIError` and nothing else on the timeline's `try await` lane, as
/// `awaitedOnTheTimeline` does, and hands back its outcome with that error type: the recorder
/// returns every failure as `any Error`, so what was thrown is also kept here as it was caught.
func awaitedAPICall<Value: Sendable>(
    _ call: @autoclosure () async throws(APIError) -> Value, _ action: String = "try await"
) async -> Result<Value, APIError> {
    var caught: APIError?
    let outcome = await awaitedOnTheTimeline(action) { () async throws -> Value in
        do throws(APIError) {
            return try await call()
        } catch {
            caught = error
            throw error
        }
    }
    return outcome.flatMapError { _ in
        guard let caught else { preconditionFailure("the recorder failed without the call throwing") }
        return .failure(caught)
    }
}

/// A finding comparing what an awaited typed call returned or threw with what was expected.
private func awaitedFinding(
    expected: Result<User, APIError>, measured: Result<User, APIError>
) -> Finding<Result<User, APIError>> {
    Finding(expected: expected, measured: measured, describe: { describe(awaited: $0.mapError { $0 }) })
}

/// The error type a throwing async function declares, as Swift spells it: `APIError` for
/// `throws(APIError)`, `any Error` for a plain `throws`. Read from the function's own type.
func thrownTypeName<each Argument, Value, Failure: Error>(
    of _: (repeat each Argument) async throws(Failure) -> Value
) -> String {
    Failure.self == (any Error).self ? "any Error" : String(describing: Failure.self)
}

/// The static type the compiler gave `value` where it is passed, `any Error` spelled out. The
/// second parameter keeps Swift from opening an existential to the type of what it holds.
func declaredTypeName<Value>(of _: Value, _: Value.Type = Value.self) -> String {
    Value.self == (any Error).self ? "any Error" : String(describing: Value.self)
}

/// What an awaited call threw, its type and case named as the Combine rows name them; `nothing
/// thrown` when it returned.
private func thrownName<Value>(_ outcome: Result<Value, any Error>) -> String {
    guard case .failure(let failure) = outcome else { return "nothing thrown" }
    return failure is APIError ? "APIError\(failure)" : describe(failure: failure)
}
