/// Measures LocalServer's throughput and latency on a small JSON route and checks them against
/// the targets in `Targets.swift`.
///
/// Usage: `ServerBenchmark [--quick] [--server-threads N]`, built with `-c release`. It starts a
/// server, opens 16 keep-alive connections to it from one thread of this process (see
/// `LoadGenerator`), warms up for a second, then measures for three seconds and prints requests
/// per second, p50/p99/max latency, errors, and ✓ or ✗ for each target. It exits 0 only when every
/// target is met and nothing failed. `--quick` runs for about a second, to show in a debug build
/// that everything works; its speed means nothing, so only errors fail it.
///
/// `--serve [SECONDS]` only starts the same server, prints `port N`, and keeps it up for the given
/// time (60 s by default), so that another client can measure it, for example
/// `wrk -t1 -c16 -d3s http://127.0.0.1:N/users/1`.
import Foundation
import LocalServer
import LoopbackLab

// A connection the server breaks must fail a send, not end the process.
signal(SIGPIPE, SIG_IGN)

guard let options = BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst())) else {
    print(BenchmarkOptions.usage)
    exit(2)
}

/// Prints `message` to standard error and exits with status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ServerBenchmark: \(message)\n".utf8))
    exit(1)
}

let server: LocalServer
do {
    // The handler every chapter's server uses, so the measured time includes the same routing.
    server = try await LocalServer.start(
        configuration: .init(threads: options.serverThreads), RouteTable.handler(recordingOn: nil))
} catch {
    fail("cannot start the server: \(error)")
}

if case .serve(let seconds) = options.mode {
    print("port \(server.port)")
    print("serving \(server.url(Route.user)) for \(seconds) s")
    fflush(nil)  // Whoever started this reads the port through a pipe, which stdio buffers.
    try? await Task.sleep(for: .seconds(seconds))
    server.stop()
    exit(0)
}

let plan = options.isQuick ? MeasurementPlan.quick : .full
let loadAverage = oneMinuteLoadAverage()
let generator: LoadGenerator
do {
    generator = try LoadGenerator(port: server.port, connectionCount: plan.connections)
} catch {
    fail("cannot connect to the server: \(error)")
}
let warmUp = generator.run(for: plan.warmUp, maximumRequests: plan.maximumRequests)
let cpuBefore = CPUUsage.now()
let phase = generator.run(for: plan.measured, maximumRequests: plan.maximumRequests)
let cpu = CPUUsage.now().since(cpuBefore)
generator.close()
let serverRequestCount = server.requestCount()
server.stop()

let report = Report(
    Report.Inputs(
        plan: plan, serverThreads: options.serverThreads, loadAverage: loadAverage, warmUp: warmUp,
        phase: phase, cpu: cpu, serverRequestCount: serverRequestCount))
report.lines.forEach { print($0) }
if options.isQuick {
    let works = phase.answered > 0 && phase.errors == 0 && warmUp.errors == 0
    print(works ? "quick run works; its speed is not judged" : "quick run failed")
    exit(works ? 0 : 1)
}
print(report.verdict.meetsAll ? "all targets met" : "targets missed")
exit(report.verdict.meetsAll ? 0 : 1)
