import Foundation
import Quantities

/// The time scale of one section: from zero to a round value just past its last event.
struct TimeAxis {
    struct Tick {
        let fraction: Double
        let label: String
    }

    let end: Double
    let step: Double

    /// An axis in milliseconds whose step is 1, 2 or 5 times a power of ten, about six steps long.
    init(longest: Duration) {
        let longestMilliseconds = max(longest.milliseconds, 0.001)
        let rough = longestMilliseconds / 6
        let power = pow(10, (log10(rough)).rounded(.down))
        step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        end = (longestMilliseconds / step).rounded(.up) * step
    }

    func fraction(of offset: Duration) -> Double {
        min(max(offset.milliseconds / end, 0), 1)
    }

    var ticks: [Tick] {
        let count = Int((end / step).rounded())
        return (0...count).map { index in
            let milliseconds = Double(index) * step
            return Tick(fraction: milliseconds / end, label: Self.label(milliseconds: milliseconds))
        }
    }

    /// A measured duration to two figures or so: `52 ms`, `1.3 ms`, `1.002 s`.
    static func rounded(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        return milliseconds >= 10
            ? label(milliseconds: milliseconds.rounded()) : String(format: "%.1f ms", milliseconds)
    }

    static func label(milliseconds: Double) -> String {
        func trimmed(_ value: Double) -> String {
            String(format: "%g", (value * 1000).rounded() / 1000)
        }
        return milliseconds >= 1000 ? "\(trimmed(milliseconds / 1000)) s" : "\(trimmed(milliseconds)) ms"
    }
}
