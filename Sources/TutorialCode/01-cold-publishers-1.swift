import Combine
import Foundation
import Harness
import LoopbackLab

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two subscribers of chapter 1's rule "share() gives two subscribers one request", in
/// `Chapters/01-ColdPublishers/Rules.swift`; the tutorial changes one of its lines.
private func subscribe(
    _ a: DeliveryCounter, _ b: DeliveryCounter, to url: URL, in lab: Lab
) -> [AnyCancellable] {
    let shared = lab.session.dataTaskPublisher(for: url).share()
    let subscriberA = shared.sink(
        receiveCompletion: { a.countCompletion($0) }, receiveValue: { _ in a.countValue() })
    let subscriberB = shared.sink(
        receiveCompletion: { b.countCompletion($0) }, receiveValue: { _ in b.countValue() })
    return [subscriberA, subscriberB]
}
