import Combine
import ExerciseSupport
import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 7 · Conditional requests
//
// Chapter 7's loader asks the server "has it changed?" with the ETag it kept. Many servers label
// their answers with a date instead: `Last-Modified: Sun, 01 Nov 2026 09:00:00 GMT`. This loader
// downloads and decodes the user every time. Make it keep the date of the last 200 with the user,
// send it back as `If-Modified-Since`, and answer a `304 Not Modified` with the user it kept,
// without decoding anything.
//
// Decode only with `decoder`: the checks count what it decodes.
// Check it with `swift run workbook check 7`; stuck, `swift run workbook hint 7`.

/// Loads a user, asking the server whether it changed since the last load.
public final class ModifiedSinceLoader: UserLoader {
    private let session: URLSession
    private let decoder: CountingDecoder

    /// A loader that sends its requests through `session` and decodes only with `decoder`.
    public init(session: URLSession, decoder: CountingDecoder) {
        self.session = session
        self.decoder = decoder
    }

    /// The user at `url`. `Deferred` builds the request when someone subscribes, so each
    /// subscription can ask with what is known at that moment.
    public func user(at url: URL) -> AnyPublisher<User, APIError> {
        Deferred { [self] in
            // ✏️ Your work goes here: send the date you kept, and answer a 304 with the user you kept.
            let request = URLRequest(url: url)
            return session.dataTaskPublisher(for: request)
                .mapError { failure in APIError.transport(failure.code) }
                .flatMap { data, response in self.user(from: data, response) }
        }
        .eraseToAnyPublisher()
    }

    /// A 2xx is decoded; anything else fails with its status.
    private func user(from data: Data, _ response: URLResponse) -> AnyPublisher<User, APIError> {
        let status = response.httpStatus ?? 0
        guard 200...299 ~= status else {
            return Fail(error: APIError.status(status)).eraseToAnyPublisher()
        }
        return Result<Data, APIError>.success(data).publisher
            .decoding(User.self, using: decoder)
    }
}
