import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Right, another way: a publisher of its own, whose subscription starts the download at the first
/// demand and cancels its handle when cancelled.
struct DownloadPublisher: Publisher {
    typealias Output = User
    typealias Failure = APIError

    let url: URL
    let downloader: UserDownloader

    func receive<S: Subscriber>(subscriber: S) where S.Input == User, S.Failure == APIError {
        subscriber.receive(
            subscription: DownloadSubscription(
                url: url, downloader: downloader, subscriber: AnySubscriber(subscriber)))
    }
}

/// One subscriber's download: not started, under way with its handle, or over. Its state is
/// behind a lock, which is what makes it safe to call back from URLSession's queue.
private final class DownloadSubscription: Subscription, @unchecked Sendable {
    typealias Downstream = AnySubscriber<User, APIError>

    private enum State {
        case waiting(Downstream)
        case started(Downstream, DownloadHandle)
        case over
    }

    private let url: URL
    private let downloader: UserDownloader
    private let state: Locked<State>

    init(url: URL, downloader: UserDownloader, subscriber: Downstream) {
        self.url = url
        self.downloader = downloader
        state = Locked(.waiting(subscriber))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        // `load` never calls back before it returns, so the handle is stored before any answer.
        state.withLock { state in
            guard case .waiting(let subscriber) = state else { return }
            state = .started(subscriber, downloader.load(url) { result in self.finish(with: result) })
        }
    }

    func cancel() {
        let handle = state.withLock { state -> DownloadHandle? in
            defer { state = .over }
            guard case .started(_, let handle) = state else { return nil }
            return handle
        }
        handle?.cancel()
    }

    /// Hands the download's result to the subscriber, unless the subscription is over.
    private func finish(with result: Result<User, APIError>) {
        let subscriber = state.withLock { state -> Downstream? in
            defer { state = .over }
            guard case .started(let subscriber, _) = state else { return nil }
            return subscriber
        }
        guard let subscriber else { return }
        switch result {
        case .success(let user):
            _ = subscriber.receive(user)
            subscriber.receive(completion: .finished)
        case .failure(let failure):
            subscriber.receive(completion: .failure(failure))
        }
    }
}

/// Right, another way: the async function awaits the publisher's values; cancelling the task
/// cancels the subscription and with it the download.
func userThroughValues(from url: URL, using downloader: UserDownloader) async throws(APIError) -> User {
    do {
        for try await user in DownloadPublisher(url: url, downloader: downloader).values { return user }
    } catch let failure as APIError {
        throw failure
    } catch {
        throw .transport(.unknown)
    }
    throw .transport(.cancelled)
}
