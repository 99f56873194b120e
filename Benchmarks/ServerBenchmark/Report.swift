import Foundation
import LoopbackLab

/// The printed result of a measured phase: what was measured, each figure beside its target with
/// ✓ or ✗, and how the CPU time was shared between the load generator and the server.
struct Report {
    /// What the run did and saw, as `main` collected it.
    struct Inputs {
        let plan: MeasurementPlan
        let serverThreads: Int
        let loadAverage: Double?
        let warmUp: LoadPhase
        let phase: LoadPhase
        let cpu: CPUUsage
        /// How many requests the server itself recorded, for comparison with what the client counted.
        let serverRequestCount: Int
    }

    let inputs: Inputs
    let latency: LatencySummary?
    let verdict: Verdict

    init(_ inputs: Inputs) {
        self.inputs = inputs
        latency = LatencySummary(nanoseconds: inputs.phase.latencies)
        verdict = Verdict(inputs.phase, latency)
    }

    var lines: [String] {
        let (plan, warmUp, phase) = (inputs.plan, inputs.warmUp, inputs.phase)
        let load = inputs.loadAverage.map { String(format: "%.2f", $0) } ?? "unknown"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let elapsedSeconds = Double(phase.elapsedNanoseconds) / 1e9
        let p99Target = String(format: "%g", Double(Target.p99LatencyNanoseconds) / 1e6)
        return [
            "GET \(Route.user) on LocalServer (\(inputs.serverThreads) threads) from \(plan.connections)"
                + " keep-alive connections on 1 client thread, \(cores) cores",
            "load average \(load) before the run; warm-up \(seconds(plan.warmUp)):"
                + " \(grouped(warmUp.answered)) answered, \(warmUp.errors) errors",
            row(
                "requests/s", grouped(Int(phase.requestsPerSecond.rounded())),
                target: "≥ \(grouped(Int(Target.requestsPerSecond)))", met: verdict.meetsThroughput),
            row("latency p50", milliseconds(latency?.p50)),
            row(
                "latency p99", milliseconds(latency?.p99), target: "< \(p99Target) ms",
                met: verdict.meetsLatency),
            row("latency max", milliseconds(latency?.maximum)),
            row("errors", "\(phase.errors)", target: "0", met: verdict.isErrorFree),
            row("answered", "\(grouped(phase.answered)) in \(String(format: "%.2f", elapsedSeconds)) s"),
            row(
                "server saw", "\(grouped(inputs.serverRequestCount)) requests (warm-up, measured and drained)"
            ),
            row("CPU", cpuShare(elapsedSeconds: elapsedSeconds)),
        ]
    }

    /// Cores used on average during the phase: the whole process, then the generator's thread and the rest.
    private func cpuShare(elapsedSeconds: Double) -> String {
        guard elapsedSeconds > 0 else { return "not measured" }
        let process = inputs.cpu.processSeconds / elapsedSeconds
        let generator = inputs.cpu.threadSeconds / elapsedSeconds
        return String(
            format: "%.2f cores: load generator %.2f, server and the rest %.2f", process, generator,
            max(0, process - generator))
    }

    private func row(_ name: String, _ value: String, target: String? = nil, met: Bool? = nil) -> String {
        let label = name.padding(toLength: 13, withPad: " ", startingAt: 0)
        guard let target, let met else { return label + value }
        return label + value.padding(toLength: 12, withPad: " ", startingAt: 0) + "target "
            + target.padding(toLength: 11, withPad: " ", startingAt: 0) + (met ? "✓" : "✗")
    }

    private func milliseconds(_ nanoseconds: UInt64?) -> String {
        nanoseconds.map { String(format: "%.3f ms", Double($0) / 1e6) } ?? "–"
    }

    private func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        return String(format: "%g s", Double(whole) + Double(attoseconds) / 1e18)
    }

    /// The number with a comma between each group of three digits, as in 40,000.
    private func grouped(_ value: Int) -> String {
        let digits = String(value)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
