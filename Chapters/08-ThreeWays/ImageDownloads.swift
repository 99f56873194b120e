import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: completion-handler
/// Way 1: a data task with a completion handler. URLSession calls the handler on its delegate
/// queue, so a caller that touches the screen must hop to the main queue itself.
func downloadImage(
    from url: URL, session: URLSession,
    completion: @escaping @Sendable (Result<ImageDescription, APIError>) -> Void
) {
    imageTask(from: url, session: session, completion: completion).resume()
}

/// The data task behind `downloadImage`, created suspended as every data task is: nothing is sent
/// until someone calls `resume()`.
func imageTask(
    from url: URL, session: URLSession,
    completion: @escaping @Sendable (Result<ImageDescription, APIError>) -> Void
) -> URLSessionDataTask {
    session.dataTask(with: url) { data, response, error in
        guard let data, let response else {
            return completion(.failure(.transport((error as? URLError)?.code ?? .unknown)))
        }
        completion(validatedImage(data, response))
    }
}
// end excerpt

// excerpt: combine
/// Way 2: a publisher. Nothing is sent until something subscribes, and the request lives only as
/// long as the subscription's `AnyCancellable` does. `nonisolated`, because its closures run on
/// URLSession's delegate queue whatever the project's default isolation.
nonisolated func imagePublisher(
    from url: URL, session: URLSession
) -> AnyPublisher<ImageDescription, APIError> {
    session.dataTaskPublisher(for: url)
        .mapError { failure in APIError.transport(failure.code) }
        .flatMap { data, response in validatedImage(data, response).publisher }
        .eraseToAnyPublisher()
}
// end excerpt

// excerpt: async-await
/// Way 3: an async function with a typed error. It runs while the calling task waits, and
/// cancelling that task cancels the request.
func image(from url: URL, session: URLSession) async throws(APIError) -> ImageDescription {
    let (data, response): (Data, URLResponse)
    do {
        (data, response) = try await session.data(from: url)
    } catch {
        throw .transport((error as? URLError)?.code ?? .unknown)
    }
    return try validatedImage(data, response).get()
}
// end excerpt

// excerpt: combine-unmarked
/// Way 2 without the word `nonisolated`. Under the default build settings it is the same function;
/// where a target's default actor isolation is `MainActor` it belongs to the main actor, and so do
/// its `mapError` and `flatMap` closures, which run on URLSession's delegate queue.
func imagePublisherUnmarked(from url: URL, session: URLSession) -> AnyPublisher<ImageDescription, APIError> {
    session.dataTaskPublisher(for: url)
        .mapError { failure in APIError.transport(failure.code) }
        .flatMap { data, response in validatedImage(data, response).publisher }
        .eraseToAnyPublisher()
}
// end excerpt
