import Combine

// Exercise 1 · Cold publishers
//
// A screen shows the same user in two places, and a third part appears later. All three should
// cost one request while any of them is on screen, the late one should get the user at once, and
// once every part has gone, the next one should load afresh rather than show an old answer.
//
// Make `shareReplayingLatest()` do that. Check it with `swift run workbook check 1`; stuck,
// `swift run workbook hint 1`.

extension Publisher {
    /// One upstream subscription for all the subscribers attached at the same time; a subscriber
    /// that arrives after a value gets the latest value at once, without a new subscription; and
    /// once every subscriber has cancelled, the next one subscribes upstream afresh.
    public func shareReplayingLatest() -> AnyPublisher<Output, Failure> {
        // ✏️ Your work goes here. share() gets the first part right: subscribers attached together
        // share one request. It keeps nothing for the ones that come later.
        share().eraseToAnyPublisher()
    }
}
