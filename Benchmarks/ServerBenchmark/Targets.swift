/// What LocalServer must reach on the project's 2-core machines, with the load generator running on
/// the same cores: 16 keep-alive connections asking for a small JSON user.
///
/// For scale, on those machines nginx with one worker answers about 82,000 requests a second and
/// Python's `http.server` about 1,800.
enum Target {
    static let requestsPerSecond = 40_000.0
    /// The 99th-percentile latency must stay below this.
    static let p99LatencyNanoseconds: UInt64 = 5_000_000
}

/// How a measured phase compares with the targets.
struct Verdict {
    let meetsThroughput: Bool
    let meetsLatency: Bool
    /// A run with errors measured something other than the route working, so it cannot pass.
    let isErrorFree: Bool

    init(_ phase: LoadPhase, _ latency: LatencySummary?) {
        meetsThroughput = phase.requestsPerSecond >= Target.requestsPerSecond
        meetsLatency = latency.map { $0.p99 < Target.p99LatencyNanoseconds } ?? false
        isErrorFree = phase.errors == 0
    }

    var meetsAll: Bool { meetsThroughput && meetsLatency && isErrorFree }
}
