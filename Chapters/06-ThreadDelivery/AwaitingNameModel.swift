import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: awaiting-model
/// `UserNameModel` written with async/await: the same `@MainActor` view model, the same name, and
/// no closure, no scheduler and no hop anywhere. `data(for:)` is awaited in a method of the model,
/// so the lines after it run where the method runs, on the main actor.
@MainActor
final class AwaitingNameModel: ObservableObject {
    @Published private(set) var name: String?
    private let decoder: JSONDecoder

    init(decoder: JSONDecoder = JSONDecoder()) {
        self.decoder = decoder
    }

    func load(from url: URL, session: URLSession) async {
        do {
            let (data, _) = try await session.data(for: URLRequest(url: url))
            name = try decoder.decode(User.self, from: data).name
        } catch {
            name = "(could not load the name)"
        }
    }
}
// end excerpt

extension AwaitingNameModel {
    // excerpt: decoding-in-a-helper
    /// Decoding handed to `fetched`, which belongs to no actor, in a `@Sendable` closure: such a
    /// closure belongs to no actor either, so the compiler lets the model send it (as fix 2 did for
    /// Combine's `map`), and it runs wherever `fetched` resumed after its `await`.
    func loadDecodingInAHelper(from url: URL, session: URLSession) async {
        let decoder = self.decoder
        do {
            name = try await fetched(from: url, session: session) { @Sendable data in
                try decoder.decode(User.self, from: data).name
            }
        } catch {
            name = "(could not load the name)"
        }
    }
    // end excerpt

    #if compiler(>=6.2)
        /// The same with `fetchedConcurrently`, the helper marked `@concurrent`.
        func loadDecodingConcurrently(from url: URL, session: URLSession) async {
            let decoder = self.decoder
            do {
                name = try await fetchedConcurrently(from: url, session: session) { @Sendable data in
                    try decoder.decode(User.self, from: data).name
                }
            } catch {
                name = "(could not load the name)"
            }
        }
    #endif
}
