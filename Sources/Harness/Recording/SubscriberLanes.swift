import Combine
import Foundation
import Quantities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `outcome(of:)` with what its subscriber sees recorded on `lane` of `Timeline.current`, so the
/// chapter's timeline picture shows this subscriber beside the server.
nonisolated public func outcome<Upstream: Publisher>(
    of publisher: Upstream, lane: String
) async -> Result<[Upstream.Output], Upstream.Failure> where Upstream.Output: Sendable {
    await outcome(of: publisher.recorded(lane: lane, value: eventLabel))
}

extension DeliveryCounter {
    /// `subscribe(to:)` with what the subscriber sees recorded on `lane` of `Timeline.current`.
    public func subscribe<P: Publisher>(to publisher: P, lane: String) -> AnyCancellable {
        subscribe(to: publisher.recorded(lane: lane, value: eventLabel))
    }
}

/// A value as a timeline labels it, briefly and the same on every run, saying what it is: a data
/// task's output as `HTTP 200, 33 bytes`, a body as `33 bytes`, a publisher (what `map` hands
/// `switchToLatest`) by its type's name alone as `publisher (Catch)`, a `Result` as its case with
/// its payload so labelled, anything else as it prints.
public func eventLabel<Value>(_ value: Value) -> String {
    switch value {
    case let exchange as (data: Data, response: URLResponse):
        "HTTP \((exchange.response as? HTTPURLResponse)?.statusCode ?? 0), " + eventLabel(exchange.data)
    case let body as Data:
        counted(body.count, "byte")
    case let publisher as any Publisher:
        "publisher (\(StageRecorder.stageName(of: publisher)))"
    default:
        resultLabel(value) ?? String(describing: value)
    }
}

/// A `Result` as `success(User(id: 1, name: "Ada Lovelace"))`: printed whole, its payload would
/// carry its module's name (`TypedClient.User`). Nil for anything else.
private func resultLabel<Value>(_ value: Value) -> String? {
    guard String(describing: type(of: value)).hasPrefix("Result<"),
        let payload = Mirror(reflecting: value).children.first, let label = payload.label
    else { return nil }
    return "\(label)(\(eventLabel(payload.value)))"
}
