import Foundation

/// CPU time used so far by the whole process and by the calling thread.
///
/// Read on the load generator's thread before and after a phase, the difference shows how the
/// shared cores were split: the thread's share is the generator's, the rest is the server's.
struct CPUUsage {
    var processSeconds: Double
    var threadSeconds: Double

    static func now() -> CPUUsage {
        CPUUsage(
            processSeconds: seconds(on: CLOCK_PROCESS_CPUTIME_ID),
            threadSeconds: seconds(on: CLOCK_THREAD_CPUTIME_ID))
    }

    /// The CPU time used between `earlier` and this reading.
    func since(_ earlier: CPUUsage) -> CPUUsage {
        CPUUsage(
            processSeconds: processSeconds - earlier.processSeconds,
            threadSeconds: threadSeconds - earlier.threadSeconds)
    }

    private static func seconds(on clock: clockid_t) -> Double {
        var time = timespec()
        _ = clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The system's one-minute load average: how many threads were running or waiting to run, which on
/// a shared machine says whether other work was competing for the cores.
func oneMinuteLoadAverage() -> Double? {
    var loads = [0.0, 0.0, 0.0]
    return getloadavg(&loads, 3) >= 1 ? loads[0] : nil
}
