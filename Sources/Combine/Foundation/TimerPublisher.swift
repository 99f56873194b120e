import Foundation

extension Timer {
    /// A connectable publisher of the current date every `interval` seconds, on `runLoop` in `mode`.
    ///
    /// As Apple's does, this ignores `tolerance`: the publisher's `tolerance` is `nil` whatever is
    /// passed (create a `Timer.TimerPublisher` directly to set one).
    public static func publish(
        every interval: TimeInterval,
        tolerance: TimeInterval? = nil,
        on runLoop: RunLoop,
        in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: nil, runLoop: runLoop, mode: mode, options: options)
    }

    /// A timer shared by every subscriber, which starts ticking only when `connect()` is called.
    ///
    /// Subscribers may attach before or after connecting; each gets the ticks it has demand for and
    /// misses the rest. Ticks are delivered on the run loop's thread. Cancelling the connection stops
    /// the timer without completing anyone, and a later `connect()` starts a new one.
    public final class TimerPublisher: ConnectablePublisher {
        public typealias Output = Date
        public typealias Failure = Never

        public final let interval: TimeInterval
        public final let tolerance: TimeInterval?
        public final let runLoop: RunLoop
        public final let mode: RunLoop.Mode
        public final let options: RunLoop.SchedulerOptions?

        private let subscribers = SubjectCore<Date, Never>(name: "Timer", memory: .none)
        private let lock = Lock()
        private var connection: TimerConnection?

        public init(
            interval: TimeInterval,
            tolerance: TimeInterval? = nil,
            runLoop: RunLoop,
            mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        deinit {
            lock.deallocate()
        }

        public final func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == Date {
            subscribers.attach(subscriber, holding: nil)
        }

        /// Starts the timer, or returns the running connection if it has already started.
        public final func connect() -> Cancellable {
            lock.lock()
            if let connection {
                lock.unlock()
                return connection
            }
            // The connection keeps the publisher alive while it runs (a pipeline that stores only its
            // cancellable keeps ticking); the timer itself holds the publisher weakly. The first tick
            // is due one interval from now, as with Apple's: Linux Foundation's
            // `Timer(timeInterval:repeats:block:)` would fire at once.
            let firstTick = Date(timeIntervalSinceNow: interval)
            let timer = Timer(fire: firstTick, interval: interval, repeats: true) { [weak self] timer in
                guard let self else {
                    timer.invalidate()
                    return
                }
                self.subscribers.send(Date())
            }
            if let tolerance {
                timer.tolerance = tolerance
            }
            let connection = TimerConnection(publisher: self, timer: timer)
            self.connection = connection
            lock.unlock()
            runLoop.add(timer, forMode: mode)
            return connection
        }

        fileprivate func disconnect(_ connection: TimerConnection) {
            lock.withLock {
                if self.connection === connection {
                    self.connection = nil
                }
            }
        }
    }
}

/// A running timer; cancelling it invalidates the timer and lets the publisher connect afresh.
private final class TimerConnection: Cancellable, @unchecked Sendable {
    private let publisher: Timer.TimerPublisher
    private let timer: Timer

    init(publisher: Timer.TimerPublisher, timer: Timer) {
        self.publisher = publisher
        self.timer = timer
    }

    func cancel() {
        timer.invalidate()
        publisher.disconnect(self)
    }
}
