import Combine
import Foundation
import Harness
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: user-chain
/// The user at `url`, loaded the way a view model's chain loads it: the response's body, decoded,
/// then handed on by `scheduler` to whatever subscribes, such as the view model's `sink`.
nonisolated func user(
    from url: URL, session: URLSession, receivedOn scheduler: some Scheduler,
    decoder: JSONDecoder = JSONDecoder()
) -> some Publisher<User, any Error> {
    session.dataTaskPublisher(for: url)
        .map(\.data)
        .decode(type: User.self, decoder: decoder)
        .receive(on: scheduler)
}
// end excerpt

/// The stages of `user(from:session:receivedOn:)` as its code writes them, with the scheduler
/// it is handed, and the log that watches them from outside.
func userChainStages(receivedOn scheduler: some Scheduler) -> [WrittenStage] {
    let name =
        scheduler is ImmediateScheduler
        ? "ImmediateScheduler.shared"
        : scheduler is RunLoop ? "RunLoop.main" : "DispatchQueue.main"
    return [
        "dataTaskPublisher(for: url)", "map(\\.data)", "decode(type: User.self, decoder: decoder)",
        WrittenStage("receive(on: \(name))", returns: "ReceiveOn"),
        WrittenStage("logged(in: log)", returns: "HandleEvents"),
    ]
}
