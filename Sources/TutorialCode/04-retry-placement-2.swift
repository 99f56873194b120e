import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chain of chapter 4's rule "retry(2) after validation resends at once", in
/// `Chapters/04-RetryPlacement/Rules.swift`; the tutorial moves one of its lines.
private func bodies(from url: URL, session: URLSession) -> some Publisher<Data, APIError> {
    session.dataTaskPublisher(for: url)
        .retry(2)
        .validatingStatus()
}
