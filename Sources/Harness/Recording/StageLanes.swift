import Combine
import Timelines

/// `outcome(of:)` with every stage of `publisher` recorded on a lane of its own of
/// `Timeline.current` (see `StageRecorder`): `stages` as the code writes them, from the source on,
/// the last of them, the one the chain's own subscriber hears from, on a lane named by it. The
/// chain runs exactly as written: the stages are seen through `_Introspection`, not through added
/// operators.
nonisolated public func outcome<Upstream: Publisher>(
    of publisher: Upstream, stages: [WrittenStage]
) async -> Result<[Upstream.Output], Upstream.Failure> where Upstream.Output: Sendable {
    await withStageLanes(Array(stages.dropLast()), subscribers: stages.last.map { [$0.name] } ?? []) {
        attachments in
        await outcome(of: StagesAttached(upstream: publisher, stages: attachments))
    }
}

/// Runs `body` with every stage recorded, on a lane of its own of `Timeline.current`, of each
/// pipeline it subscribes inside `stages.attaching(_:)`: the subscribers attached there go on
/// `subscribers`, in the order they attach, and the stages of their chains on lanes named by
/// `stages`, as the code writes them from the source on, for as long as `body` runs. The code
/// inside runs exactly as written.
public func withStageLanes<Result>(
    _ stages: [WrittenStage], subscribers: [String], isolation: isolated (any Actor)? = #isolation,
    _ body: (StageAttachments) async throws -> Result
) async rethrows -> Result {
    let recorder = Timeline.current.map {
        StageRecorder(timeline: $0, stages: stages, subscriberLanes: subscribers)
    }
    recorder?.enable()
    defer {
        recorder?.disable()
        recorder?.orderLanes()
    }
    return try await body(StageAttachments(recorder: recorder))
}

/// Where a pipeline is subscribed so that `withStageLanes` records its stages.
public struct StageAttachments: Sendable {
    fileprivate let recorder: StageRecorder?

    /// Runs `attach`; the subscriptions it makes are recorded stage by stage.
    public func attaching<Result>(_ attach: () throws -> Result) rethrows -> Result {
        guard let recorder else { return try attach() }
        return try recorder.attaching(attach)
    }
}

/// Attaches its subscriber to `upstream` inside `attaching(_:)`, so that the recorder can tell this
/// pipeline's stages from any other attached meanwhile. It is the harness's, outside the chain: the
/// recorder does not count it as a stage.
private struct StagesAttached<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let stages: StageAttachments

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        stages.attaching { upstream.subscribe(subscriber) }
    }
}

/// One operator of a chain as its code writes it, such as `retry(2)` or `validatingStatus()`, and
/// the type of the publisher it returns, which the next stage subscribes to: `Retry`, or an
/// `AnyPublisher` for a helper that erases what it is made of.
public struct WrittenStage: Sendable, Equatable, ExpressibleByStringLiteral {
    /// How the code writes it: the lane's name.
    public let name: String
    /// The returned publisher's type, without its module, enclosing types or generic arguments.
    public let publisher: String

    /// A stage written as `name` whose publisher is a `publisher`.
    public init(_ name: String, returns publisher: String) {
        self.name = name
        self.publisher = publisher
    }

    /// An operator of Combine's or URLSession's, whose publisher is named after it: `retry(2)`
    /// returns a `Retry`, `receive(on: DispatchQueue.main)` a `ReceiveOn`, `map(\.data)` a
    /// `MapKeyPath`.
    public init(stringLiteral name: String) {
        guard !name.hasPrefix("map(\\") else {
            self.init(name, returns: "MapKeyPath")
            return
        }
        let word = String(name.prefix { $0.isLetter || $0.isNumber })
        let named = [
            "receive": "ReceiveOn", "subscribe": "SubscribeOn", "eraseToAnyPublisher": "AnyPublisher",
        ]
        self.init(name, returns: named[word] ?? word.prefix(1).uppercased() + word.dropFirst())
    }
}
