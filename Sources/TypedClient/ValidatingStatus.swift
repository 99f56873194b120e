import Combine
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: validating-status
extension Publisher where Output == (data: Data, response: URLResponse), Failure == URLError {
    /// Passes on the body of a 2xx response; fails with `.status` for any other response and with
    /// `.transport` when no response arrived.
    ///
    /// It is built from `flatMap`, choosing `Just` or `Fail` per response, so the failure type stays
    /// `APIError` the whole way; `tryMap` would widen it to `any Error`.
    public func validatingStatus() -> AnyPublisher<Data, APIError> {
        mapError { failure in APIError.transport(failure.code) }
            .flatMap { exchange -> AnyPublisher<Data, APIError> in
                let status = exchange.response.httpStatus ?? 0
                if 200...299 ~= status {
                    return Just(exchange.data).setFailureType(to: APIError.self).eraseToAnyPublisher()
                }
                return Fail(error: APIError.status(status)).eraseToAnyPublisher()
            }
            .eraseToAnyPublisher()
    }
}
// end excerpt

extension URLResponse {
    /// The status code when this is an HTTP response, `nil` for any other kind.
    public var httpStatus: Int? {
        (self as? HTTPURLResponse)?.statusCode
    }
}
