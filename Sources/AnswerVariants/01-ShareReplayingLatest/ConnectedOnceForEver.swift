import Combine
import Locking

/// Wrong: one replaying subject, connected by the first subscriber and kept for ever. Late
/// subscribers get the value, but so does everyone after the last has gone: the first answer, with
/// no new request.
func connectedOnceForEver<Upstream: Publisher>(
    _ upstream: Upstream
) -> AnyPublisher<Upstream.Output, Upstream.Failure> {
    let replaying = upstream.map(Optional.some)
        .append(Empty(completeImmediately: false))
        .multicast(subject: CurrentValueSubject<Upstream.Output?, Upstream.Failure>(nil))
    let connection = Locked<AnyCancellable?>(nil)
    return Deferred {
        connection.withLock { connection in
            if connection == nil { connection = AnyCancellable(replaying.connect()) }
        }
        return replaying.compactMap { $0 }
    }
    .eraseToAnyPublisher()
}
