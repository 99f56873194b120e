import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `user(from:session:receivedOn:decoder:)` of chapter 6, in `Chapters/06-ThreadDelivery/UserChain.swift`:
/// the chain its delivery rules run with a scheduler each; the tutorial takes its last line away.
private func user(
    from url: URL, session: URLSession, receivedOn scheduler: some Scheduler,
    decoder: JSONDecoder = JSONDecoder()
) -> some Publisher<User, any Error> {
    session.dataTaskPublisher(for: url)
        .map(\.data)
        .decode(type: User.self, decoder: decoder)
        .receive(on: scheduler)
}
