#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The subscription behind `receive(on:)`, `delay(for:)` and `timeout(_:)`: it hands each upstream
/// value and the completion to the downstream from work scheduled on a scheduler.
///
/// Demand passes straight up; what the downstream returns from a delivered value is requested from
/// upstream once the delivery has run, even if the upstream has completed meanwhile, as with Apple's. Deliveries are serialised by a recursive lock (a scheduled
/// delivery may trigger another at once, as on `ImmediateScheduler`), never by the state lock, and
/// none happens after `cancel()`. With a deadline, the relay also ends the stream when the upstream
/// stays silent for that long after subscribing, its latest value, or the downstream's first request
/// (Apple's `timeout` restarts its clock on each of them, but not on later requests). A cancel that
/// comes while the upstream's completion is still on its way reaches the upstream with a deadline, as
/// Apple's `timeout` does, and ends the relay. Without one it does nothing, as with Apple's `delay` and
/// `receive(on:)`: the deliveries already scheduled, the completion last, still run.
internal final class SchedulerRelay<Context: Scheduler, Downstream: Subscriber>:
    Subscriber, Subscription, ReflectsNoChildren
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    /// When a delivery runs: as soon as the scheduler can, or a fixed interval after the event.
    enum Timing {
        case asSoonAsPossible
        case after(Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride)
    }

    /// How long the upstream may stay silent, and the error to end with (none: finish normally).
    struct Deadline {
        let interval: Context.SchedulerTimeType.Stride
        let error: (() -> Failure)?
    }

    /// A plain enum, so that checking it copies no existential; the upstream is kept beside it.
    private enum Phase {
        case awaitingSubscription
        case live
        /// The upstream completed; the deliveries already scheduled, then the completion, still run. The
        /// upstream is kept, for the demand those deliveries return and for a cancel.
        case draining
        case ended
    }

    let description: String
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
    /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
    /// (`Sink` lets go as it ends).
    private let downstreamForLife: Downstream
    private let timing: Timing
    private let deadline: Deadline?
    private let lock = Lock()
    private let deliveryLock = Lock(recursive: true)
    @exclusivity(unchecked) private var phase = Phase.awaitingSubscription
    /// Set only while `phase` is `.live` or `.draining`.
    @exclusivity(unchecked) private var upstream: Subscription?
    /// The downstream has made its first request (the last one that restarts the deadline).
    @exclusivity(unchecked) private var hasRequested = false
    @exclusivity(unchecked) private var downstream: Downstream?
    @exclusivity(unchecked) private var deadlineTimer: Cancellable?
    /// The thread scheduling the deadline timer, while it does: a timer that fires on that thread before the
    /// scheduling call returns comes from a scheduler that runs timed work at once.
    @exclusivity(unchecked) private var armingThread: pthread_t?
    /// Tells a deadline timer that has since been replaced from the current one.
    @exclusivity(unchecked) private var deadlineGeneration = 0
    /// `receive(_:)` run through a closure made in `init`, where the concrete types are known, so that
    /// each value runs code compiled for them even when the relay is reached through type erasure.
    private let receiveEntry: (SchedulerRelay, Input) -> Subscribers.Demand

    init(
        description: String, downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?,
        timing: Timing, deadline: Deadline? = nil
    ) {
        self.description = description
        self.downstream = downstream
        downstreamForLife = downstream
        self.scheduler = scheduler
        self.options = options
        self.timing = timing
        self.deadline = deadline
        receiveEntry = { relay, input in relay.forward(input) }
    }

    deinit {
        lock.deallocate()
        deliveryLock.deallocate()
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard phase == .awaitingSubscription, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        phase = .live
        upstream = subscription
        lock.unlock()
        restartDeadline()
        deliveryLock.withLock { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        receiveEntry(self, input)
    }

    private func forward(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard phase == .live else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        restartDeadline()
        schedule { self.deliver(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard phase == .live else {
            lock.unlock()
            return
        }
        phase = .draining
        let timer = takeDeadlineTimer()
        lock.unlock()
        timer?.cancel()
        schedule { self.finish(with: completion) }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard phase == .live, let upstream else {
            lock.unlock()
            return
        }
        let restarts = !hasRequested
        hasRequested = true
        lock.unlock()
        if restarts {
            restartDeadline()
        }
        upstream.request(demand)
    }

    func cancel() {
        lock.lock()
        // Only `timeout` (the relay with a deadline) cancels an upstream that has already completed, and
        // drops the completion on its way.
        guard phase != .draining || deadline != nil else {
            lock.unlock()
            return
        }
        let upstream = end()
        let timer = takeDeadlineTimer()
        lock.unlock()
        timer?.cancel()
        upstream?.cancel()
    }

    // MARK: Scheduled work

    private func schedule(_ work: @escaping () -> Void) {
        switch timing {
        case .asSoonAsPossible:
            scheduler.schedule(options: options, work)
        case .after(let interval, let tolerance):
            scheduler.schedule(
                after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, work)
        }
    }

    private func deliver(_ input: Input) {
        lock.lock()
        guard let downstream, !isEnded else {
            lock.unlock()
            return
        }
        lock.unlock()
        let more = deliveryLock.withLock { downstream.receive(input) }
        guard more > .none else { return }
        lock.lock()
        guard phase == .live || phase == .draining, let upstream else {
            lock.unlock()
            return
        }
        lock.unlock()
        upstream.request(more)
    }

    private func finish(with completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard phase == .draining, let downstream else {
            lock.unlock()
            return
        }
        _ = end()
        lock.unlock()
        deliveryLock.withLock { downstream.receive(completion: completion) }
    }

    // MARK: Deadline

    /// Replaces the deadline timer with one due a full interval from now.
    private func restartDeadline() {
        guard let deadline else { return }
        lock.lock()
        deadlineGeneration += 1
        let generation = deadlineGeneration
        let previous = takeDeadlineTimer()
        armingThread = pthread_self()
        lock.unlock()
        previous?.cancel()
        // A repeating timer, because only that form of scheduling can be cancelled. It holds the relay, and
        // so the downstream, until it is cancelled, as Apple's `timeout` timer does.
        let timer = scheduler.schedule(
            after: scheduler.now.advanced(by: deadline.interval), interval: deadline.interval,
            tolerance: scheduler.minimumTolerance, options: options
        ) {
            self.deadlinePassed(generation: generation)
        }
        lock.lock()
        armingThread = nil
        if generation == deadlineGeneration, phase == .live {
            deadlineTimer = timer
            lock.unlock()
        } else {
            lock.unlock()
            timer.cancel()
        }
    }

    private func deadlinePassed(generation: Int) {
        lock.lock()
        if let armingThread, pthread_equal(armingThread, pthread_self()) != 0 {
            lock.unlock()
            // Apple's `timeout` stops the process here too.
            fatalError(
                "timeout(_:scheduler:) needs a scheduler that runs timed work later; its deadline ran while it was being set, as on ImmediateScheduler"
            )
        }
        guard generation == deadlineGeneration, phase == .live, let downstream else {
            // A timer that outlived the live phase stops repeating here, and lets go of the relay.
            let stale = generation == deadlineGeneration ? takeDeadlineTimer() : nil
            lock.unlock()
            stale?.cancel()
            return
        }
        let upstream = end()
        let timer = takeDeadlineTimer()
        lock.unlock()
        timer?.cancel()
        upstream?.cancel()
        let completion = deadline?.error.map { Subscribers.Completion.failure($0()) } ?? .finished
        deliveryLock.withLock { downstream.receive(completion: completion) }
    }

    // MARK: State, with the lock held

    private var isEnded: Bool {
        phase == .ended
    }

    /// Ends the relay and lets go of the downstream; returns the upstream if it was still held.
    private func end() -> Subscription? {
        let live = upstream
        upstream = nil
        phase = .ended
        downstream = nil
        return live
    }

    private func takeDeadlineTimer() -> Cancellable? {
        defer { deadlineTimer = nil }
        return deadlineTimer
    }
}
