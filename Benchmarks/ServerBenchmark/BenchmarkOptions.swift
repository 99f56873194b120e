import LocalServer

/// What the command line asks for.
struct BenchmarkOptions {
    enum Mode: Equatable {
        /// Warm up, measure, and judge the result against the targets.
        case measure
        /// Only start the server, print its port, and keep it up for this many seconds, so that
        /// another client (such as `wrk`) can measure the same server.
        case serve(seconds: Int)
    }

    var mode = Mode.measure
    /// Measure for a moment only: enough to show that everything works, even in a debug build.
    var isQuick = false
    var serverThreads = LocalServer.Configuration().threads

    static let usage = """
        usage: ServerBenchmark [--quick] [--server-threads N]
               ServerBenchmark --serve [SECONDS] [--server-threads N]
        """

    /// How long `--serve` keeps the server up when no time is given.
    static let defaultServeSeconds = 60

    /// The options `arguments` (without the program's name) spell, or `nil` when they are not valid.
    init?(arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                isQuick = true
            case "--serve":
                let seconds = remaining.first.flatMap { Int($0) }
                if seconds != nil { remaining.removeFirst() }
                mode = .serve(seconds: seconds ?? Self.defaultServeSeconds)
            case "--server-threads":
                guard let count = remaining.popFirst().flatMap({ Int($0) }), count >= 1 else { return nil }
                serverThreads = count
            default:
                return nil
            }
        }
        if isQuick && mode != .measure { return nil }
    }
}

/// How load is applied: a warm-up whose numbers are thrown away, then the measured phase.
struct MeasurementPlan {
    var warmUp: Duration
    var measured: Duration
    var connections = 16
    /// Far more than any server here answers in the time, so that a phase is bounded in count as
    /// well as in time (and the latency buffer is allocated once, before the clock starts).
    var maximumRequests: Int

    /// What the targets are judged on.
    static let full = MeasurementPlan(warmUp: .seconds(1), measured: .seconds(3), maximumRequests: 3_000_000)
    /// About a second in all: shows that every part works, not how fast.
    static let quick = MeasurementPlan(
        warmUp: .milliseconds(200), measured: .milliseconds(600), maximumRequests: 600_000)
}
