import Combine
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `uncheckedUser(from:session:decoder:)` of chapter 2, in `Chapters/02-StatusIsAValue/Rules.swift`:
/// the body decoded whatever the status said; the tutorial changes the line before the decoder.
private func uncheckedUser(
    from url: URL, session: URLSession, decoder: JSONDecoder = JSONDecoder()
) -> some Publisher<User, any Error> {
    session.dataTaskPublisher(for: url)
        .map(\.data)
        .decode(type: User.self, decoder: decoder)
}
