import Locking

/// Answers a route keeps back until the code measuring it lets them go: the n-th request to a held
/// URL is answered once `release()` has been called n times, so a check can move a virtual clock
/// between a request's arrival and its answer without racing the server.
public final class HeldAnswers: Sendable {
    /// How long a held answer waits for its release before it is sent anyway: a last resort only,
    /// since the lab lets every held answer go when it closes. It is far longer than any check's
    /// patience, because an answer sent before its release makes a check measure a wrong order
    /// (a loaded test process running hundreds of checks once took more than 10 s to release one).
    public static let patience = Duration.seconds(120)

    private let released = Locked(0)

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
