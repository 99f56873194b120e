import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The four ways `UserNameModel` can load a name: the crashing one and its three fixes.
///
/// The raw value names the way in the child process's environment and on the timeline.
enum NameLoading: String, CaseIterable, Sendable {
    case inlineClosures = "inline-closures"
    case nonisolatedFunction = "nonisolated-function"
    case sendableClosures = "sendable-closures"
    case keyPaths = "key-paths"

    /// Starts loading the name at `url` into `model` this way.
    @MainActor
    func start(on model: UserNameModel, from url: URL, session: URLSession) {
        switch self {
        case .inlineClosures: model.load(from: url, session: session)
        case .nonisolatedFunction: model.loadBuiltOutside(from: url, session: session)
        case .sendableClosures: model.loadWithSendableClosures(from: url, session: session)
        case .keyPaths: model.loadWithKeyPaths(from: url, session: session)
        }
    }
}
