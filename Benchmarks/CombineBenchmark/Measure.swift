/// How long and how often each benchmark is timed.
struct MeasurementPlan {
    /// The shortest a timed run may be; shorter runs are dominated by clock and cache noise.
    var minimumRunDuration: Duration
    /// How many timed runs to make; the fastest one is reported, as the least disturbed by other work.
    var runs: Int

    /// Long, repeated runs: what the targets are meant for, in a release build.
    static let full = MeasurementPlan(minimumRunDuration: .milliseconds(150), runs: 5)
    /// Just enough work to show that every benchmark runs, even in a debug build.
    static let quick = MeasurementPlan(minimumRunDuration: .milliseconds(20), runs: 1)
}

/// One thing to time and the speed it is expected to reach.
struct Benchmark: Sendable {
    var name: String
    /// The most nanoseconds a single operation may take in a release build.
    var targetNanoseconds: Double
    /// How many operations (values, deliveries, set-ups) one iteration of `body` performs.
    var operationsPerIteration = 1
    /// Performs the given number of iterations and returns a checksum of what it computed, so the
    /// optimiser cannot discard the work.
    var body: @Sendable (_ iterations: Int) -> Int
}

/// A benchmark's best time, in nanoseconds per operation.
struct Timing {
    var benchmark: Benchmark
    var nanoseconds: Double

    var isWithinTarget: Bool { nanoseconds <= benchmark.targetNanoseconds }
}

/// Adds a checksum to a global printed at the end, so that the work producing it cannot be discarded.
@inline(never)
func blackHole(_ checksum: Int) {
    checksumSink &+= checksum
}

/// Where `blackHole` puts every checksum; printed at the end so that none of it is dead.
nonisolated(unsafe) var checksumSink = 0

extension Benchmark {
    /// Finds an iteration count whose run lasts at least `plan.minimumRunDuration` (doubling from
    /// one, which also warms caches and lazily created state), then times `plan.runs` runs of it.
    func measure(with plan: MeasurementPlan) -> Timing {
        let clock = ContinuousClock()
        var iterations = 1
        while clock.measure({ blackHole(body(iterations)) }) < plan.minimumRunDuration {
            iterations *= 2
        }
        let fastest = (0..<plan.runs).map { _ in clock.measure { blackHole(body(iterations)) } }.min()!
        let operations = Double(iterations * operationsPerIteration)
        return Timing(benchmark: self, nanoseconds: fastest.nanoseconds / operations)
    }
}

extension Duration {
    /// The duration as a floating-point number of nanoseconds.
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
