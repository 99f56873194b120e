import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A screen that shows one picture, loaded by each of the three ways from a call site of its own,
/// as an app writes them: the caller's half of each way, next to the functions it calls.
///
/// It is `@MainActor`, as a view model is, so `shown` may only change on the main thread; each call
/// site has to get there in its own way.
@MainActor
final class ImageScreen: ObservableObject {
    /// The picture on screen, or why there is none; nil until a load has ended.
    @Published private(set) var shown: ImageResult?
    private let session: URLSession
    private var loads = Set<AnyCancellable>()

    init(session: URLSession) {
        self.session = session
    }

    // excerpt: handler-call-site
    /// The handler runs on the session's delegate queue, so the screen hops to the main queue.
    func loadWithHandler(from url: URL) {
        downloadImage(from: url, session: session) { result in
            DispatchQueue.main.async { self.shown = result }
        }
    }
    // end excerpt

    // excerpt: combine-call-site
    /// `receive(on:)` hops to the main queue, and the stored cancellable keeps the load alive.
    func loadWithCombine(from url: URL) {
        imagePublisher(from: url, session: session)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] ending in
                if case .failure(let failure) = ending { self?.shown = .failure(failure) }
            } receiveValue: { [weak self] image in
                self?.shown = .success(image)
            }
            .store(in: &loads)
    }
    // end excerpt

    // excerpt: async-call-site
    /// The task inherits the screen's main actor, so the code after `await` runs on the main thread.
    func loadWithAsync(from url: URL) {
        Task {
            do throws(APIError) {
                shown = .success(try await image(from: url, session: session))
            } catch {
                shown = .failure(error)
            }
        }
    }
    // end excerpt
}
