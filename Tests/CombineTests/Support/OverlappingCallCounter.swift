import Foundation

/// Counts calls into a subscriber that begin before the previous call returned, whether from inside
/// it (re-entrance) or from another thread (no serialisation).
///
/// Each call lingers a few microseconds so that a racing thread has the chance to run into it. It
/// spins rather than yielding the processor: on a machine busy with other work, every yield can
/// hand away a whole time slice, and a test that yields thousands of times crawls.
final class OverlappingCallCounter: @unchecked Sendable {
    private static let linger: UInt64 = 5_000  // nanoseconds

    private let lock = NSLock()
    private var inside = 0
    private var overlapping = 0

    /// How many calls started while another was still inside.
    var count: Int { lock.withLock { overlapping } }

    func run(_ body: () -> Void = {}) {
        lock.withLock {
            inside += 1
            if inside > 1 { overlapping += 1 }
        }
        let end = DispatchTime.now().uptimeNanoseconds + Self.linger
        while DispatchTime.now().uptimeNanoseconds < end {}
        body()
        lock.withLock { inside -= 1 }
    }
}
