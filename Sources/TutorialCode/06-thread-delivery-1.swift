import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fix 3 of chapter 6's `UserNameModel`, in
/// `Chapters/06-ThreadDelivery/UserNameModel.swift`: its chain with the end that
/// `show(_:)` adds, written out. The tutorial changes its first `map`.
@MainActor
private final class UserNameModel: ObservableObject {
    @Published private(set) var name: String?
    private let decoder = JSONDecoder()
    private var loading: AnyCancellable?

    func loadWithKeyPaths(from url: URL, session: URLSession) {
        loading = session.dataTaskPublisher(for: url)
            .map(\.data)
            .decode(type: User.self, decoder: decoder)
            .map(\.name)
            .replaceError(with: "(could not load the name)")
            .receive(on: DispatchQueue.main)
            .sink { [weak self] name in self?.name = name }
    }
}
