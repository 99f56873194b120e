import CheckProcesses
import Combine
import ExerciseSupport
import Foundation
import Harness
import LoopbackLab

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 2's code: the body of a successful response, or a `ServiceFailure` saying why not.
public struct ValidatedBodyCode: ExerciseCode {
    public let body: @Sendable (URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure>

    public init(
        body: @escaping @Sendable (URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure>
    ) {
        self.body = body
    }
}

let validatedBodyExercise = Exercise(
    number: 2, chapter: "StatusIsAValue", name: "ValidatedBody",
    task: "Fail a refused request with its status and the server's own message from the {\"error\": …} body.",
    hint: """
        The response's body is still in the exchange when the status says no: the server explains
        itself there, as {"error": "no such user"}. Decode that shape (a Decodable struct with one
        String property named error) from the body before you fail, and put its text in the
        failure. A body that is not that JSON, such as a plain-text 404, leaves the message nil;
        transport failures stay as they are.
        """,
    code: ValidatedBodyCode.self,
    checks: [
        CheckOf(
            "user 1's body passes through",
            hint: "A 2xx response's body is the value, unchanged.",
            userBodyPassesThrough),
        CheckOf(
            "a 404 fails with the server's message",
            hint: "Decode {\"error\": …} from the 404's body and put the text in .refused's message.",
            missingUserCarriesTheMessage),
        CheckOf(
            "a 503 fails with the server's message",
            hint: "Every status outside 200...299 carries its body's message, not only 404.",
            busyServerCarriesTheMessage),
        CheckOf(
            "a status whose body is not JSON fails without a message",
            hint:
                "When the body does not decode as {\"error\": …}, the message is nil; the status still counts.",
            plainTextRefusalHasNoMessage),
        CheckOf(
            "a refused connection stays a transport failure",
            hint: "Failures from the data task itself become .transport with their URLError code.",
            refusedConnectionStaysTransport),
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
