import Combine
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 2 · Status is a value: a reference solution.
//
// A refused request's body is decoded as {"error": …} before the pipeline fails, and its text goes
// into the failure; a body of any other shape leaves the message nil.

/// The body of a 2xx response. Any other status fails with `.refused`, carrying the `error` text of
/// the response's JSON body when it has one; a request that got no response fails with `.transport`.
public func validatedBody(of request: URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure> {
    request
        .mapError { failure in ServiceFailure.transport(failure.code) }
        .flatMap { exchange -> AnyPublisher<Data, ServiceFailure> in
            let status = exchange.response.httpStatus ?? 0
            guard 200...299 ~= status else {
                let message = serverMessage(in: exchange.data)
                return Fail(error: .refused(status: status, message: message)).eraseToAnyPublisher()
            }
            return Just(exchange.data).setFailureType(to: ServiceFailure.self).eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
}

/// The body a server sends with a refusal, such as `{"error": "no such user"}`.
private struct ErrorBody: Decodable {
    let error: String
}

/// The `error` text of `body`, or nil when the body is not that JSON.
private func serverMessage(in body: Data) -> String? {
    try? JSONDecoder().decode(ErrorBody.self, from: body).error
}
