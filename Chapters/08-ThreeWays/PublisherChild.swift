import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `imagePublisher`, or the same chain without `nonisolated`, subscribed from the main actor in a
/// child process built with another setting (`Sources/BuildSettings*`), so that a crash ends only
/// the child.
///
/// The environment names the picture, `WORKBOOK_IMAGE_PUBLISHER_URL`, and the function,
/// `WORKBOOK_IMAGE_PUBLISHER_WAY` (`nonisolated` or `unmarked`); the child writes `image=…`.
enum PublisherChild {
    nonisolated static let urlVariable = "WORKBOOK_IMAGE_PUBLISHER_URL"
    nonisolated static let wayVariable = "WORKBOOK_IMAGE_PUBLISHER_WAY"

    /// Whether to subscribe to the unmarked function, and the picture's URL, when the environment
    /// asks for this child.
    nonisolated static func request(in environment: [String: String]) -> (unmarked: Bool, url: URL)? {
        guard let url = environment[urlVariable].flatMap(URL.init(string:)) else { return nil }
        return (environment[wayVariable] == "unmarked", url)
    }

    /// Makes the publisher on the main actor, as a view model would, waits for its one image and
    /// reports it; exits 0 when an image came.
    @MainActor
    static func run(unmarked: Bool, from url: URL) async -> Never {
        let loading = URLSession(configuration: .ephemeral)
        let images =
            unmarked
            ? imagePublisherUnmarked(from: url, session: loading)
            : imagePublisher(from: url, session: loading)
        var subscription: AnyCancellable?
        let image = await withCheckedContinuation { answer in
            subscription = firstImage(of: images) { answer.resume(returning: $0) }
        }
        subscription?.cancel()
        MigrationChild.report("image", image ?? "none")
        exit(image == nil ? 1 : 0)
    }

    /// Subscribes to `images` and hands `answer` the first image, described, or nil when it fails
    /// or finishes first. Nonisolated, so that its own closures carry no main-actor check.
    nonisolated private static func firstImage(
        of images: AnyPublisher<ImageDescription, APIError>, answer: @escaping @Sendable (String?) -> Void
    ) -> AnyCancellable {
        images.first()
            .map { Optional("\($0)") }
            .replaceError(with: nil)
            .replaceEmpty(with: nil)
            .sink(receiveValue: answer)
    }
}
