import Foundation

/// A run loop as a scheduler: immediate work is performed on the loop's next turn, timed and
/// repeating work rides a `Timer` in the default mode. Nothing runs until the loop itself runs.
extension RunLoop: Scheduler, DateScheduler {
    public func schedule(options: RunLoop.SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = SchedulerAction(action)
        perform { action.run() }
    }

    public func schedule(
        after date: RunLoop.SchedulerTimeType, tolerance: RunLoop.SchedulerTimeType.Stride,
        options: RunLoop.SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        let action = SchedulerAction(action)
        let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in action.run() }
        timer.tolerance = tolerance.timeInterval
        add(timer, forMode: .default)
    }

    /// Cancelling invalidates the timer.
    public func schedule(
        after date: RunLoop.SchedulerTimeType, interval: RunLoop.SchedulerTimeType.Stride,
        tolerance: RunLoop.SchedulerTimeType.Stride, options: RunLoop.SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let action = SchedulerAction(action)
        let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in action.run()
        }
        timer.tolerance = tolerance.timeInterval
        add(timer, forMode: .default)
        return AnyCancellable { timer.invalidate() }
    }
}
