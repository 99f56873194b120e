import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What exercise 9's list screen shows.
public struct ListScreen: Equatable, Sendable {
    /// The names in the list, in the order the server sent them.
    public var users: [String]
    /// Whether the loading indicator is on.
    public var isLoading: Bool
    /// The message shown in place of the list when a load failed.
    public var errorMessage: String?

    /// Makes a screen; by default the empty one, before anything loaded.
    public init(users: [String] = [], isLoading: Bool = false, errorMessage: String? = nil) {
        self.users = users
        self.isLoading = isLoading
        self.errorMessage = errorMessage
    }
}

/// Where exercise 9's screen loads from, and what it loads with.
public struct ListSource: Sendable {
    /// The list's URL on the local server.
    public let url: URL
    /// The session the list is loaded through.
    public let session: URLSession
    /// Where the screen's state is changed: `DispatchQueue.main` in an app, a serial queue of
    /// the checks' own here.
    public let deliveryQueue: DispatchQueue
    /// The decoder to decode the list with; the checks' one notes where it ran.
    public let decoder: JSONDecoder

    /// Makes a source from the four things a screen loads with.
    public init(url: URL, session: URLSession, deliveryQueue: DispatchQueue, decoder: JSONDecoder) {
        self.url = url
        self.session = session
        self.deliveryQueue = deliveryQueue
        self.decoder = decoder
    }
}

/// Exercise 9's screen model, as the checks drive it: shown (a view's `onAppear`), closed
/// (`onDisappear`), and looked at.
public protocol ListScreenModel: AnyObject {
    var screen: ListScreen { get }
    func appear()
    func disappear()
}
