/// Times the Combine hot paths in `Benchmarks.swift` and checks each against its target.
///
/// Usage: `CombineBenchmark [--quick] [--filter TEXT]`. Build with `-c release`: the targets are
/// release-build speeds. A full run prints each benchmark's best time in nanoseconds per operation
/// and exits with status 1 if any misses its target. `--quick` times far fewer iterations, so that
/// even a debug build gets through every benchmark in a second or two; its numbers only show the
/// benchmarks run, so it exits 0 whatever they are. `--filter` runs only the benchmarks whose name
/// contains `TEXT`, which is what a profiler wants to watch.
import Foundation

let usage = "usage: CombineBenchmark [--quick] [--filter TEXT]"
var isQuick = false
var filter: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick":
        isQuick = true
    case "--filter" where !arguments.isEmpty:
        filter = arguments.removeFirst()
    default:
        print(usage)
        exit(2)
    }
}
let plan = isQuick ? MeasurementPlan.quick : .full
let selected = Benchmark.all.filter { benchmark in filter.map(benchmark.name.contains) ?? true }
guard !selected.isEmpty else {
    print("No benchmark's name contains \"\(filter ?? "")\". The benchmarks are:")
    Benchmark.all.forEach { print("  \($0.name)") }
    exit(2)
}

/// `text` in a column of `width` characters, left-aligned unless `rightAligned`.
func padded(_ text: String, to width: Int, rightAligned: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return rightAligned ? padding + text : text + padding
}

let nameWidth = selected.map(\.name.count).max()!
print(
    padded("benchmark", to: nameWidth), padded("measured", to: 11, rightAligned: true),
    padded("target", to: 9, rightAligned: true))
var timings: [Timing] = []
for benchmark in selected {
    let timing = benchmark.measure(with: plan)
    timings.append(timing)
    let measured = String(format: "%8.1f ns", timing.nanoseconds)
    let target = String(format: "%6.0f ns", benchmark.targetNanoseconds)
    print(padded(benchmark.name, to: nameWidth), measured, target, timing.isWithinTarget ? "✓" : "✗")
}

let withinTarget = timings.filter(\.isWithinTarget).count
print("\(withinTarget) of \(timings.count) within target")
print("(checksum \(checksumSink), printed so that the optimiser keeps the measured work)")
if isQuick {
    print("quick run: too short to compare with the targets, so the exit status ignores them")
    exit(0)
}
exit(withinTarget == timings.count ? 0 : 1)
