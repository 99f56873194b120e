import Combine
import Locking
import Timelines

/// Tallies the values and completions a subscriber receives, from whichever thread delivers them.
///
/// Chapters hand one to several subscribers and then read the totals, for example to show that two
/// subscribers of one shared request both got the response.
public final class DeliveryCounter: Sendable {
    private struct Tally {
        var values = 0
        var completions = 0
    }

    private let tally = Locked(Tally())
    private let lane: String?
    private let timeline: Timeline?

    /// A tally that, given a `lane`, also records each count on that lane of `Timeline.current`,
    /// so a sink that only calls `countValue()` and `countCompletion()` still shows in the picture.
    public init(lane: String? = nil) {
        self.lane = lane
        timeline = lane == nil ? nil : Timeline.current
    }

    /// How many values have arrived so far.
    public var values: Int { tally.withLock { $0.values } }

    /// How many completions (finished or failed) have arrived so far.
    public var completions: Int { tally.withLock { $0.completions } }

    /// Counts one delivered value.
    public func countValue() {
        tally.withLock { $0.values += 1 }
        if let lane { timeline?.record(.value, lane: lane) }
    }

    /// Counts one delivered completion, recorded as what it was: finished, or the failure.
    public func countCompletion<Failure: Error>(_ completion: Subscribers.Completion<Failure>) {
        tally.withLock { $0.completions += 1 }
        guard let lane else { return }
        switch completion {
        case .finished: timeline?.record(.completion, lane: lane, detail: "finished")
        case .failure(let failure):
            timeline?.record(.completion, lane: lane, detail: describe(failure: failure))
        }
    }

    /// Subscribes to `publisher` with a sink that counts into this tally. Keep the returned
    /// cancellable for as long as the subscription should live.
    public func subscribe<P: Publisher>(to publisher: P) -> AnyCancellable {
        publisher.sink(
            receiveCompletion: { [self] in countCompletion($0) },
            receiveValue: { [self] _ in countValue() })
    }
}
