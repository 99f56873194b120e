import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: migrated-model
/// A view model moved from a completion handler to `async` by deleting the
/// `DispatchQueue.main.async` around its assignment, and nothing else: it is still not
/// `@MainActor`, so the line after `await` runs wherever the nonisolated function resumed.
///
/// Swift 6 refuses to send a plain class like this from the main actor to its own nonisolated
/// method; `@unchecked Sendable` is how such a model gets past that, and it hides the bug again.
final class MigratedImageModel: ObservableObject, @unchecked Sendable {
    @Published private(set) var picture: ImageDescription?
    private let session: URLSession

    init(session: URLSession) {
        self.session = session
    }

    func fetchImage(from url: URL) async {
        picture = try? await image(from: url, session: session)
    }
}
// end excerpt
