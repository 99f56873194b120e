import Synchronization

/// Delivers one value and then `.finished` on the first request; what `Just`, `Optional.Publisher`
/// and `Result.Publisher` hand their subscribers.
///
/// Whichever comes first, the first request or a cancel, claims the subscription with one atomic
/// exchange and moves the subscriber out, so a cancelled subscription lets go of it at once, as
/// Apple's does; only the claimant touches the subscriber, so no lock is needed. Until then its mirror
/// shows the value, as Apple's does; a claim waits the moment a mirror takes to copy it.
///
/// This subscription is made and dropped once per value inside `flatMap { Just($0) }`, so it is built
/// to cost one allocation. The subscriber and the value sit in `payload`, raw storage inside the
/// object, and two closures formed in `init`, where their types are concrete, move them out again.
/// Once the optimiser has specialised `init`, those closures capture nothing, so they need no
/// allocation, and they run code compiled for the concrete subscriber. (A closure capturing the pair
/// would be a second object; a generic class would run unspecialised code that looks types up at run
/// time on every delivery and free.)
internal final class SingleValueSubscription: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    /// Room for a subscriber and a value of four words between them, such as a class subscriber and
    /// a `String`; a larger pair goes to a heap cell whose address is kept here instead.
    private typealias Payload = (UInt64, UInt64, UInt64, UInt64)

    private static var unclaimed: UInt8 { 0 }
    private static var claimed: UInt8 { 1 }
    /// A mirror is copying the value out of `payload`.
    private static var reflecting: UInt8 { 2 }

    private let state = Atomic<UInt8>(SingleValueSubscription.unclaimed)
    /// Holds the subscriber and the value until the claim; written only by `init` and the claimant.
    @exclusivity(unchecked) private var payload: Payload = (0, 0, 0, 0)
    /// Copies the value out of `payload`, for the mirror.
    private let peek: (UnsafeMutableRawPointer) -> Any
    /// Moves the pair out of `payload` and delivers the value and `.finished`.
    private let deliver: (UnsafeMutableRawPointer) -> Void
    /// Moves the pair out of `payload` and drops it.
    private let discard: (UnsafeMutableRawPointer) -> Void
    internal let description: String

    /// `description` is the publisher's name, as a `print()` of the subscription shows it.
    internal init<Downstream: Subscriber>(
        _ value: Downstream.Input, to downstream: Downstream, description: String
    ) {
        typealias Pair = (downstream: Downstream, value: Downstream.Input)
        deliver = { payload in
            let pair = Self.take(Pair.self, from: payload)
            _ = pair.downstream.receive(pair.value)
            pair.downstream.receive(completion: .finished)
        }
        discard = { payload in _ = Self.take(Pair.self, from: payload) }
        peek = { payload in Self.pair(Pair.self, in: payload).pointee.value }
        self.description = description
        withPayload { payload in
            if Self.fitsInPlace(Pair.self) {
                payload.initializeMemory(as: Pair.self, to: (downstream, value))
            } else {
                let cell = UnsafeMutablePointer<Pair>.allocate(capacity: 1)
                cell.initialize(to: (downstream, value))
                payload.storeBytes(of: cell, as: UnsafeMutablePointer<Pair>.self)
            }
        }
    }

    deinit {
        // No other reference exists once deinit runs, so nobody can claim concurrently.
        if state.load(ordering: .acquiring) == Self.unclaimed {
            withPayload(discard)
        }
    }

    internal var customMirror: Mirror {
        let reading = state.compareExchange(
            expected: Self.unclaimed, desired: Self.reflecting, ordering: .acquiring)
        guard reading.exchanged else { return Mirror(self, children: []) }
        var value: Any = ()
        withPayload { value = peek($0) }
        state.store(Self.unclaimed, ordering: .releasing)
        return Mirror(self, unlabeledChildren: [value])
    }

    internal var playgroundDescription: Any { description }

    internal func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "A subscriber requested no values; demand must be positive")
        guard claim() else { return }
        withPayload(deliver)
    }

    internal func cancel() {
        guard claim() else { return }
        withPayload(discard)
    }

    /// Takes the pair for this caller; false if a request or cancel already did.
    private func claim() -> Bool {
        while true {
            let attempt = state.compareExchange(
                expected: Self.unclaimed, desired: Self.claimed, ordering: .acquiringAndReleasing)
            if attempt.exchanged { return true }
            if attempt.original == Self.claimed { return false }
            // A mirror is copying the value; it is done in a moment.
        }
    }

    private func withPayload(_ body: (UnsafeMutableRawPointer) -> Void) {
        withUnsafeMutablePointer(to: &payload) { body(UnsafeMutableRawPointer($0)) }
    }

    private static func fitsInPlace<Pair>(_: Pair.Type) -> Bool {
        MemoryLayout<Pair>.size <= MemoryLayout<Payload>.size
            && MemoryLayout<Pair>.alignment <= MemoryLayout<Payload>.alignment
    }

    /// Where the pair `init` stored lives: in `payload` itself or in its heap cell.
    private static func pair<Pair>(
        _: Pair.Type, in payload: UnsafeMutableRawPointer
    ) -> UnsafeMutablePointer<Pair> {
        fitsInPlace(Pair.self)
            ? payload.assumingMemoryBound(to: Pair.self) : payload.load(as: UnsafeMutablePointer<Pair>.self)
    }

    /// Moves the pair `init` stored out of `payload`, freeing its heap cell if it has one.
    private static func take<Pair>(_: Pair.Type, from payload: UnsafeMutableRawPointer) -> Pair {
        let location = pair(Pair.self, in: payload)
        defer {
            if !fitsInPlace(Pair.self) { location.deallocate() }
        }
        return location.move()
    }
}
