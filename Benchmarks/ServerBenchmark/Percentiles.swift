/// The latencies a measured phase is judged by: its median, its 99th percentile and its worst.
struct LatencySummary {
    let p50: UInt64
    let p99: UInt64
    let maximum: UInt64

    /// Summarises per-request latencies in nanoseconds; `nil` when there are none.
    init?(nanoseconds latencies: [UInt64]) {
        guard !latencies.isEmpty else { return nil }
        let sorted = latencies.sorted()
        p50 = Self.percentile(50, ofSorted: sorted)
        p99 = Self.percentile(99, ofSorted: sorted)
        maximum = sorted[sorted.count - 1]
    }

    /// The nearest-rank percentile: the smallest latency that at least `percent` per cent of the
    /// requests did not exceed. Always an observed latency, never one interpolated between two.
    static func percentile(_ percent: Double, ofSorted sorted: [UInt64]) -> UInt64 {
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
