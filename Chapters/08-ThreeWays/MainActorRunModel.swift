import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: main-actor-run-model
/// The migrated model with the hop the image-download article writes: still not `@MainActor`, it
/// sets its picture inside `await MainActor.run { … }`, which runs the closure on the main actor
/// and so on the main thread, wherever `fetchImage` resumed after its download.
final class MainActorRunImageModel: ObservableObject, @unchecked Sendable {
    @Published private(set) var picture: ImageDescription?
    private let session: URLSession

    init(session: URLSession) {
        self.session = session
    }

    func fetchImage(from url: URL) async {
        let picture = try? await image(from: url, session: session)
        await MainActor.run {
            self.picture = picture
        }
    }
}
// end excerpt
