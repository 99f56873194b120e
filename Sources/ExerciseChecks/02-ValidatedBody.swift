import CheckProcesses
import Combine
import ExerciseCatalog
import ExerciseSupport
import Foundation
import Harness
import LoopbackLab

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 2's code: the body of a successful response, or a `ServiceFailure` saying why not.
public struct ValidatedBodyCode: ExerciseCode {
    /// The operator under check: from a data task's publisher to the body of a successful response.
    public let body: @Sendable (URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure>

    /// Wraps the operator under check.
    public init(
        body: @escaping @Sendable (URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure>
    ) {
        self.body = body
    }
}

let validatedBodyChecks = CheckedExercise(
    .validatedBody, code: ValidatedBodyCode.self,
    measures: [
        CheckOf(userBodyPassesThrough),
        CheckOf(missingUserCarriesTheMessage),
        CheckOf(busyServerCarriesTheMessage),
        CheckOf(plainTextRefusalHasNoMessage),
        CheckOf(refusedConnectionStaysTransport),
    ])

/// The pipeline's outcome for `url`: the body as text, or the failure.
private func bodyOutcome(
    _ code: ValidatedBodyCode, _ url: URL, in lab: Lab
) async -> Result<[String], ServiceFailure> {
    await outcome(of: code.body(lab.session.dataTaskPublisher(for: url)))
        .map { bodies in bodies.map { String(decoding: $0, as: UTF8.self) } }
}

/// A finding on the pipeline's outcome for `url`.
private func bodyFinding(
    _ code: ValidatedBodyCode, _ url: URL, in lab: Lab, expected: Result<[String], ServiceFailure>
) async -> Finding<Result<[String], ServiceFailure>> {
    Finding(expected: expected, measured: await bodyOutcome(code, url, in: lab), describe: { describe($0) })
}

func userBodyPassesThrough(
    _ code: ValidatedBodyCode, in lab: Lab
) async -> Finding<Result<[String], ServiceFailure>> {
    await bodyFinding(code, lab.url(Route.user), in: lab, expected: .success([RouteTable.userBody]))
}

func missingUserCarriesTheMessage(
    _ code: ValidatedBodyCode, in lab: Lab
) async -> Finding<Result<[String], ServiceFailure>> {
    await bodyFinding(
        code, lab.url(Route.missingUser), in: lab,
        expected: .failure(.refused(status: 404, message: "no such user")))
}

func busyServerCarriesTheMessage(
    _ code: ValidatedBodyCode, in lab: Lab
) async -> Finding<Result<[String], ServiceFailure>> {
    await bodyFinding(
        code, lab.url(Route.busy), in: lab, expected: .failure(.refused(status: 503, message: "try later")))
}

func plainTextRefusalHasNoMessage(
    _ code: ValidatedBodyCode, in lab: Lab
) async -> Finding<Result<[String], ServiceFailure>> {
    // A path the route table does not know: a 404 whose body is the plain text "not found".
    await bodyFinding(
        code, lab.url("/no-such-route"), in: lab, expected: .failure(.refused(status: 404, message: nil)))
}

func refusedConnectionStaysTransport(
    _ code: ValidatedBodyCode, in lab: Lab
) async -> Finding<Result<[String], ServiceFailure>> {
    await bodyFinding(
        code, closedLoopbackURL().appending(path: Route.user), in: lab,
        expected: .failure(.transport(.cannotConnectToHost)))
}
