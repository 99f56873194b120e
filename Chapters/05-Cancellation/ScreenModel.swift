import Combine

// excerpt: screen-model
/// A view model in miniature: it keeps what it loads in a set of its own, so a load lives exactly
/// as long as the model does.
final class ScreenModel {
    private var subscriptions = Set<AnyCancellable>()

    /// Keeps `subscription` until the model goes away.
    func keep(_ subscription: AnyCancellable) {
        subscription.store(in: &subscriptions)
    }
}
// end excerpt
