import Combine
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The user list screen chapter 9 reviews, `ArticleListModel` in
/// `Chapters/09-CodeReview/ArticleListModel.swift`, as it came in for review: what
/// closing the screen runs, then the load it cancels. The tutorial adds a line to
/// `cancelLoading()`.
private final class ArticleListModel {
    let screen = ScreenState()
    private let source: ListSource
    private var loading: AnyCancellable?

    init(source: ListSource) {
        self.source = source
    }

    func disappear() {
        cancelLoading()
    }

    private func cancelLoading() {
        loading?.cancel()
        loading = nil
    }

    private func loadUsers() {
        cancelLoading()
        screen.change { shown in
            shown.isLoading = true
            shown.errorMessage = nil
        }
        loading = source.session.dataTaskPublisher(for: source.url)
            .retry(3)
            .receive(on: source.deliveryQueue)
            .map(\.data)
            .decode(type: [ArticleUser].self, decoder: source.decoder)
            .sink(
                receiveCompletion: { [screen] ending in
                    screen.change { shown in
                        shown.isLoading = false
                        if case .failure(let failure) = ending {
                            shown.errorMessage = failure.localizedDescription
                        }
                    }
                },
                receiveValue: { [screen] users in
                    screen.change { $0.users = users.map(\.name) }
                })
    }
}

/// A user as the article's model declares one: its `id` is a `UUID`.
private struct ArticleUser: Decodable {
    let id: UUID
    let name: String
    let email: String
}
