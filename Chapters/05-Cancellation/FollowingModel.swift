import Combine

/// A view model that follows a stream of counts for as long as it lives, keeping its subscription
/// in a set of its own. It can subscribe in the three ways people write, and only the first of
/// them keeps it alive for ever.
final class FollowingModel: ObservableObject {
    @Published private(set) var latest = 0
    private var subscriptions = Set<AnyCancellable>()

    // excerpt: capturing-self
    /// The sink's closure holds the model, the model's set holds the sink: a cycle, and while the
    /// stream runs nothing outside it can free the model.
    func followCapturingSelf(_ counts: some Publisher<Int, Never>) {
        counts
            .sink { self.update($0) }
            .store(in: &subscriptions)
    }
    // end excerpt

    // excerpt: weak-self
    /// The closure holds the model weakly, so the set is the only strong link, and it points away.
    func followCapturingWeakly(_ counts: some Publisher<Int, Never>) {
        counts
            .sink { [weak self] in self?.update($0) }
            .store(in: &subscriptions)
    }

    /// `assign(to:)` ties the subscription to the `@Published` property and holds the model not at all.
    func followByAssigning(_ counts: some Publisher<Int, Never>) {
        counts.assign(to: &$latest)
    }
    // end excerpt

    private func update(_ count: Int) {
        latest = count
    }
}
