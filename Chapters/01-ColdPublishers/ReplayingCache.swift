import Combine

// excerpt: replaying-cache
/// Loads once, as soon as it is made, and hands the latest value to every subscriber, however late.
///
/// The loaded values go into a `CurrentValueSubject`, which gives each new subscriber its current
/// value. A successful load's completion is not forwarded: a finished subject sends late
/// subscribers that completion and nothing else, which is exactly what `share()` does. A load that
/// ends without a value finishes the subject, so waiting subscribers are not left waiting forever.
final class ReplayingCache<Value> {
    private let current = CurrentValueSubject<Value?, Never>(nil)
    private var loading: AnyCancellable?

    init<Upstream: Publisher>(loading upstream: Upstream) where Upstream.Output == Value {
        loading = upstream.sink(
            receiveCompletion: { [current] _ in
                if current.value == nil { current.send(completion: .finished) }
            },
            receiveValue: { [current] value in current.send(value) })
    }

    /// The latest value, as soon as there is one, then finished.
    var latest: some Publisher<Value, Never> {
        current.compactMap { $0 }.first()
    }
}
// end excerpt
