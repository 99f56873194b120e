/// Waits until `condition` holds or `timeout` has passed, and says which happened.
///
/// Use it for state that has no notification to wait on (a request count on the server, a
/// counter that a subscriber bumps). It looks again after a millisecond, then less and less often,
/// up to every `interval`: it returns soon after the condition starts to hold instead of after a
/// guessed fixed sleep, and a long wait (hundreds run at once in the test suite) costs little. The
/// condition runs in the caller's isolation, so it may read the caller's state directly, and it
/// may itself be async (asking a session for its tasks, say). The default timeout is a safety net,
/// long enough for a loaded machine, where the waiting task may itself wait seconds for a thread.
public func until(
    timeout: Duration = .seconds(120),
    checkingEvery interval: Duration = .milliseconds(20),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause = min(.milliseconds(1), interval)
    while !(await condition()) {
        guard clock.now < deadline, !Task.isCancelled else { return await condition() }
        try? await Task.sleep(for: pause)
        pause = min(pause * 2, interval)
    }
    return true
}
