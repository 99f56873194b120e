import Combine
import Foundation

// excerpt: decoding
extension Publisher where Failure == APIError, Output == Data {
    /// Decodes each body as `type`, failing with `.decoding` when the JSON does not fit.
    ///
    /// `decode(type:decoder:)` widens the failure to `any Error`, so the cast back is unavoidable
    /// here. An `APIError` from upstream passes through as it was; anything else can only have come
    /// from the decoder.
    public func decoding<Value: Decodable>(
        _ type: Value.Type, using decoder: JSONDecoder = JSONDecoder()
    ) -> AnyPublisher<Value, APIError> {
        decode(type: type, decoder: decoder)
            .mapError { failure in failure as? APIError ?? .decoding }
            .eraseToAnyPublisher()
    }
}
// end excerpt
