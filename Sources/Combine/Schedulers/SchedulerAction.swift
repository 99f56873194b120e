/// A scheduled closure passed to a Foundation API that asks for a `@Sendable` one.
///
/// The `Scheduler` protocol takes plain closures, and running them on the scheduler's own thread is
/// the whole point of a scheduler; the caller, not the type system, keeps that safe, as with
/// `DispatchQueue.async` in Swift 5 code.
internal struct SchedulerAction: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
