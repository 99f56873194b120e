import Foundation
import LoopbackLab

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ways `UserNameModel` can load a name: the crashing one, the same on a session whose delegate
/// queue is the main queue, the three fixes, and fix 1 written without the word `nonisolated`, as a
/// free function and as a method in an extension.
///
/// The raw value names the way in the child process's environment and on the timeline.
enum NameLoading: String, CaseIterable, Sendable {
    case inlineClosures = "inline-closures"
    case inlineClosuresOnAMainQueueSession = "main-queue-session"
    case nonisolatedFunction = "nonisolated-function"
    case sendableClosures = "sendable-closures"
    case keyPaths = "key-paths"
    case unmarkedFunction = "unmarked-function"
    case unmarkedExtensionMethod = "unmarked-extension-method"

    /// Starts loading the name at `url` into `model` this way.
    @MainActor
    func start(on model: UserNameModel, from url: URL, session: URLSession) {
        switch self {
        case .inlineClosures, .inlineClosuresOnAMainQueueSession: model.load(from: url, session: session)
        case .nonisolatedFunction: model.loadBuiltOutside(from: url, session: session)
        case .sendableClosures: model.loadWithSendableClosures(from: url, session: session)
        case .keyPaths: model.loadWithKeyPaths(from: url, session: session)
        case .unmarkedFunction: model.loadBuiltOutsideUnmarked(from: url, session: session)
        case .unmarkedExtensionMethod: model.loadBuiltInUnmarkedExtension(from: url, session: session)
        }
    }

    /// The session to load with: the main queue as its delegate queue for the way that asks for it,
    /// otherwise one that calls back on a background queue of its own, like `URLSession.shared`.
    func makeSession() -> URLSession {
        self == .inlineClosuresOnAMainQueueSession
            ? URLSession(configuration: Lab.sessionConfiguration(), delegate: nil, delegateQueue: .main)
            : URLSession(configuration: Lab.sessionConfiguration())
    }
}
