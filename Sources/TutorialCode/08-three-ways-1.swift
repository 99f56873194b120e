import Combine
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Chapter 8's migrated model, in `Chapters/08-ThreeWays/MigratedImageModel.swift`:
/// moved to `async` without `@MainActor`. The tutorial adds the line that puts it on
/// the main actor.
private final class MigratedImageModel: ObservableObject, @unchecked Sendable {
    @Published private(set) var picture: ImageDescription?
    private let session: URLSession

    init(session: URLSession) {
        self.session = session
    }

    func fetchImage(from url: URL) async {
        picture = try? await image(from: url, session: session)
    }
}
