extension Exercise {
    /// Chapter 1's exercise.
    public static let shareReplayingLatest = Exercise(
        number: 1, chapter: "ColdPublishers", name: "ShareReplayingLatest",
        task:
            "Share one request, replay its latest value to late subscribers, and fetch afresh once all have gone.",
        hint: """
            share() forwards and forgets: subscribers attached when the response arrives get it, a later
            one gets only the completion. Keep the latest value in a subject that hands it to each new
            subscriber (CurrentValueSubject does), and do not let the request's completion finish that
            subject, or late subscribers get the completion alone. Keep that subject for as long as
            someone is subscribed: when the last subscriber cancels, forget it, so the next subscriber
            starts a new request instead of getting a stale value.
            """,
        checks: [
            Check(
                "two subscribers at the same time share one request",
                hint:
                    "Both subscribers must get the value from a single upstream subscription; share() does this."
            ),
            Check(
                "a subscriber that comes after the response gets it at once, with no new request",
                hint:
                    "Keep the latest value and hand it to every new subscriber while the first is still subscribed."
            ),
            Check(
                "once every subscriber has gone, the next one fetches afresh",
                hint: "When the last subscriber cancels, drop the kept value and the shared subscription."),
        ])
}
