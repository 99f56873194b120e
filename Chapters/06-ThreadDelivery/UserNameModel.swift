import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: crashing-model
/// A view model that shows one user's name, its chain written out as tutorials write it. It is
/// `@MainActor`, as a view model is, so every closure written inside it is isolated to the main
/// actor too, and checks that it runs there.
@MainActor
final class UserNameModel: ObservableObject {
    @Published private(set) var name: String?
    private let decoder = JSONDecoder()
    private var loading: AnyCancellable?

    /// Stops the process on the first response. The first `map` closure belongs to the main actor,
    /// but it runs where the response arrives, on URLSession's delegate queue:
    /// `receive(on: DispatchQueue.main)` comes too late to help it. The sink's closure belongs to
    /// the main actor as well, and that one is fine: `receive(on:)` runs it there.
    func load(from url: URL, session: URLSession) {
        loading = session.dataTaskPublisher(for: url)
            .map { exchange in exchange.data }
            .decode(type: User.self, decoder: decoder)
            .map { user in user.name }
            .replaceError(with: "(could not load the name)")
            .receive(on: DispatchQueue.main)
            .sink { [weak self] name in self?.name = name }
    }
}
// end excerpt

extension UserNameModel {
    /// The end of `load(from:session:)`'s chain, which the fixes below keep: each name shown on the
    /// main queue. They change only what comes before it.
    private func show(_ names: some Publisher<String, any Error>) {
        loading =
            names
            .replaceError(with: "(could not load the name)")
            .receive(on: DispatchQueue.main)
            .sink { [weak self] name in self?.name = name }
    }
}

extension UserNameModel {
    // excerpt: fix-nonisolated-builder
    /// Fix 1: the model only subscribes; the chain is built by a function outside the main actor.
    func loadBuiltOutside(from url: URL, session: URLSession) {
        show(userName(from: url, session: session))
    }
    // end excerpt

    // excerpt: fix-sendable-closures
    /// Fix 2: a `@Sendable` closure is not isolated to the actor it is written in, so it has no
    /// main-actor check to fail; the compiler checks what it captures instead.
    func loadWithSendableClosures(from url: URL, session: URLSession) {
        show(
            session.dataTaskPublisher(for: url)
                .map { @Sendable exchange in exchange.data }
                .decode(type: User.self, decoder: decoder)
                .map { @Sendable user in user.name })
    }
    // end excerpt

    // excerpt: fix-key-paths
    /// Fix 3: a key path is not a closure and carries no isolation.
    func loadWithKeyPaths(from url: URL, session: URLSession) {
        show(
            session.dataTaskPublisher(for: url)
                .map(\.data)
                .decode(type: User.self, decoder: decoder)
                .map(\.name))
    }
    // end excerpt
}

// excerpt: fix-nonisolated-function
/// The name of the user at `url`. The function belongs to no actor, so neither do the closures
/// written in it, whoever subscribes to the result.
nonisolated func userName(
    from url: URL, session: URLSession, decoder: JSONDecoder = JSONDecoder()
) -> some Publisher<String, any Error> {
    session.dataTaskPublisher(for: url)
        .map { exchange in exchange.data }
        .decode(type: User.self, decoder: decoder)
        .map { user in user.name }
}
// end excerpt

extension UserNameModel {
    /// Fix 1 again, its function written without `nonisolated`.
    func loadBuiltOutsideUnmarked(from url: URL, session: URLSession) {
        show(userNameUnmarked(from: url, session: session))
    }
}

// excerpt: fix-without-nonisolated
/// Fix 1's function without the word `nonisolated`. Under the default build settings a free
/// function belongs to no actor anyway, so this one works too; where a target's default actor
/// isolation is `MainActor`, it belongs to the main actor, and so do its closures.
func userNameUnmarked(
    from url: URL, session: URLSession, decoder: JSONDecoder = JSONDecoder()
) -> some Publisher<String, any Error> {
    session.dataTaskPublisher(for: url)
        .map { exchange in exchange.data }
        .decode(type: User.self, decoder: decoder)
        .map { user in user.name }
}
// end excerpt

extension UserNameModel {
    /// Fix 1 again, its chain built by a method of a `Publisher` extension written without
    /// `nonisolated`, the shape of the taught client's `validatingStatus()` and `decoding(_:)`.
    func loadBuiltInUnmarkedExtension(from url: URL, session: URLSession) {
        show(session.dataTaskPublisher(for: url).userNameUnmarked())
    }
}

// excerpt: extension-without-nonisolated
extension Publisher where Output == (data: Data, response: URLResponse), Failure == URLError {
    /// Fix 1's chain as a method in an extension, without `nonisolated`. Where a target's default
    /// actor isolation is `MainActor`, a method in an extension belongs to the main actor just as a
    /// free function does, and so do the closures written in it.
    func userNameUnmarked(decoder: JSONDecoder = JSONDecoder()) -> some Publisher<String, any Error> {
        map { exchange in exchange.data }
            .decode(type: User.self, decoder: decoder)
            .map { user in user.name }
    }
}
// end excerpt
