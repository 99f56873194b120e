import Combine
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 2 · Status is a value
//
// When the server says no, it says why: a 404 from /users/2 has the body
// {"error": "no such user"}, a 503 from /busy {"error": "try later"}. This pipeline fails with the
// status and throws that explanation away. Make the failure carry it.
//
// The failure type, from ExerciseChecks:
//     enum ServiceFailure { case transport(URLError.Code), refused(status: Int, message: String?) }
//
// Check it with `swift run workbook check 2`; stuck, `swift run workbook hint 2`.

/// The body of a 2xx response. Any other status fails with `.refused`, carrying the `error` text of
/// the response's JSON body when it has one; a request that got no response fails with `.transport`.
public func validatedBody(of request: URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure> {
    request
        .mapError { failure in ServiceFailure.transport(failure.code) }
        .flatMap { exchange -> AnyPublisher<Data, ServiceFailure> in
            let status = exchange.response.httpStatus ?? 0
            guard 200...299 ~= status else {
                // ✏️ Your work goes here: the server's explanation is in exchange.data.
                return Fail(error: .refused(status: status, message: nil)).eraseToAnyPublisher()
            }
            return Just(exchange.data).setFailureType(to: ServiceFailure.self).eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
}
