import Combine
import Timelines

extension Publisher {
    /// This publisher, with what its subscriber sees recorded on `lane`: the subscription, each value,
    /// the completion (`finished`, or the failure as `describe(failure:)` names it) and a cancel.
    ///
    /// The timeline is `Timeline.current` as it is where the pipeline is built, that is, in the
    /// rule's task; the events themselves arrive later on other threads, where that task-local is
    /// not visible. With no timeline the publisher behaves the same and records nothing. `value`
    /// says what a value was; keep it the same from run to run (a status, a user, never a time).
    public func recorded(
        lane: String, in timeline: Timeline? = Timeline.current,
        value describeValue: @escaping (Output) -> String = { _ in "" }
    ) -> Publishers.HandleEvents<Self> {
        handleEvents(
            receiveSubscription: { _ in timeline?.record(.subscribe, lane: lane) },
            receiveOutput: { timeline?.record(.value, lane: lane, detail: describeValue($0)) },
            receiveCompletion: { completion in
                switch completion {
                case .finished: timeline?.record(.completion, lane: lane, detail: "finished")
                case .failure(let failure):
                    timeline?.record(.completion, lane: lane, detail: describe(failure: failure))
                }
            },
            receiveCancel: { timeline?.record(.cancel, lane: lane) })
    }
}
