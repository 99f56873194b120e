import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Publisher where Output == (data: Data, response: URLResponse), Failure == URLError {
    /// `validatingStatus()` of the taught client, in `Sources/TypedClient/ValidatingStatus.swift`,
    /// which chapter 3's `fetchUser` uses; the tutorial changes the line that lets a status pass.
    fileprivate func validatingStatus() -> AnyPublisher<Data, APIError> {
        mapError { failure in APIError.transport(failure.code) }
            .flatMap { exchange -> AnyPublisher<Data, APIError> in
                let status = exchange.response.httpStatus ?? 0
                if 200...499 ~= status {
                    return Just(exchange.data).setFailureType(to: APIError.self).eraseToAnyPublisher()
                }
                return Fail(error: APIError.status(status)).eraseToAnyPublisher()
            }
            .eraseToAnyPublisher()
    }
}
