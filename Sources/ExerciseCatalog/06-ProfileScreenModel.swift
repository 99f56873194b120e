extension Exercise {
    /// Chapter 6's exercise.
    public static let profileScreenModel = Exercise(
        number: 6, chapter: "ThreadDelivery", name: "ProfileScreenModel",
        task:
            "Make the crashing main-actor model safe, still showing on the main thread; let the latest load win.",
        hint: """
            A closure written inside a @MainActor class belongs to the main actor, and Swift 6 checks
            that it runs there. The closures before receive(on:) run on URLSession's delegate queue,
            so the first response trips that check and the process stops. Build the pipeline where no
            actor is inherited (a nonisolated function), or write its closures @Sendable, or use key
            paths; keep receive(on: DispatchQueue.main) right before the sink that sets the model's
            state. For the latest load to win, keep one AnyCancellable and replace it on each load:
            releasing the old one cancels its request, so a slow, older answer never lands.
            """,
        checksNeedTheMainThread: true,
        checks: [
            Check(
                "loading user 1 shows Ada Lovelace",
                hint:
                    "If the check crashed, a closure of the model ran on URLSession's queue: build the pipeline outside the main actor."
            ),
            Check(
                "the model changes on the main thread",
                hint: "Keep receive(on: DispatchQueue.main) before the sink that sets user and failure."),
            Check(
                "the response is checked and decoded off the main thread",
                hint:
                    "Put receive(on: DispatchQueue.main) after decoding, right before the sink: everything after it runs on the main thread."
            ),
            Check(
                "a missing user shows .status(404)",
                hint:
                    "Make the failure something the sink receives (a Result, say), in a closure that is not the main actor's."
            ),
            Check(
                "loading user 1 while slow user 3 loads leaves user 1 shown and cancels user 3's request",
                hint:
                    "Keep one AnyCancellable for the load and replace it: releasing the old one cancels its request. Ignoring a stale answer leaves its request running."
            ),
        ])
}
