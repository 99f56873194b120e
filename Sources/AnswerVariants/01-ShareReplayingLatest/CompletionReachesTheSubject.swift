import Combine

/// Wrong: a multicast through a `CurrentValueSubject` that the request's completion reaches. Once
/// the request has finished the subject has too, and a finished subject hands a new subscriber its
/// completion alone.
func completionReachesTheSubject<Upstream: Publisher>(
    _ upstream: Upstream
) -> AnyPublisher<Upstream.Output, Upstream.Failure> {
    upstream.map(Optional.some)
        .multicast { CurrentValueSubject<Upstream.Output?, Upstream.Failure>(nil) }
        .autoconnect()
        .compactMap { $0 }
        .eraseToAnyPublisher()
}
