import Locking

/// Answers a route keeps back until the code measuring it lets them go: the n-th request to a held
/// URL is answered once `release()` has been called n times, so a check can move a virtual clock
/// between a request's arrival and its answer without racing the server. A delayed answer, such as
/// the slow user's, can be let go before its delay is out too.
public final class HeldAnswers: Sendable {
    /// How long a held answer waits for its release before it is sent anyway: a last resort only,
    /// since the lab lets every held answer go when it closes. It is far longer than any check's
    /// patience, because an answer sent before its release makes a check measure a wrong order
    /// (a loaded test process running hundreds of checks once took more than 10 s to release one).
    public static let patience = Duration.seconds(120)

    private let released = Locked(0)
    /// When delayed answers were last sent early: the delay of a request that arrived before ends.
    private let hurried = Locked<ContinuousClock.Instant?>(nil)

    /// Makes a set of answers that holds each one until it is released.
    public init() {}

    /// Lets the next held answer go.
    public func release() {
        released.withLock { $0 += 1 }
    }

    /// Lets every held answer go, those of requests still on their way included: from now on
    /// nothing is held.
    public func releaseAll() {
        released.withLock { $0 = .max }
    }

    /// Sends the delayed answers of every request that has arrived (the slow user's, say) at once,
    /// without the rest of their delay: code that races a slow answer against a quick one lets the
    /// slow one go once the quick one is in, so the order is certain and nothing waits out the rest
    /// of a second. A request arriving later waits out its whole delay.
    public func sendDelayedAnswersNow() {
        hurried.withLock { $0 = .now }
    }

    /// Waits out `delay` from now, or less once `sendDelayedAnswersNow()` is called after the
    /// request's `arrival`; throws when the task is cancelled (its client left).
    func waitOut(_ delay: Duration, arrivedAt arrival: ContinuousClock.Instant) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + delay
        while clock.now < deadline, hurried.withLock({ $0.map { $0 < arrival } ?? true }) {
            try await Task.sleep(for: min(.milliseconds(5), deadline - clock.now))
        }
    }

    /// Returns once `number` answers have been released, or after `patience`, or when the task is
    /// cancelled (its client left).
    func waitForRelease(of number: Int) async {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.patience
        while released.withLock({ $0 }) < number, clock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }
}
