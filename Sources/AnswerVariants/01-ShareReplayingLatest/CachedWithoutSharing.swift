import Combine
import Locking

/// Wrong: a cache in front of the request instead of a shared subscription. Subscribers that come
/// before the answer each send a request of their own, and the cached value is served for ever.
func cachedWithoutSharing<Upstream: Publisher>(
    _ upstream: Upstream
) -> AnyPublisher<Upstream.Output, Upstream.Failure>
where Upstream.Output: Sendable {
    let cached = Locked<Upstream.Output?>(nil)
    return Deferred {
        if let value = cached.withLock({ $0 }) {
            return Just(value).setFailureType(to: Upstream.Failure.self).eraseToAnyPublisher()
        }
        return upstream.handleEvents(receiveOutput: { value in cached.withLock { $0 = value } })
            .eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
}
