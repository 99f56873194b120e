import Combine

/// Chapter 5's `FollowingModel`, in `Chapters/05-Cancellation/FollowingModel.swift`,
/// with the one way of following that keeps it alive. The tutorial changes its `sink`.
private final class FollowingModel: ObservableObject {
    @Published private(set) var latest = 0
    private var subscriptions = Set<AnyCancellable>()

    func followCapturingSelf(_ counts: some Publisher<Int, Never>) {
        counts
            .sink { self.update($0) }
            .store(in: &subscriptions)
    }

    private func update(_ count: Int) {
        latest = count
    }
}
