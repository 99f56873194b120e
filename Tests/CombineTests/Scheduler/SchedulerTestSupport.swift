import Combine
import Foundation
import TimeControl

typealias VirtualTime = VirtualTimeScheduler.SchedulerTimeType

/// The virtual instant `milliseconds` after the clock's origin.
func ms(_ milliseconds: Int) -> VirtualTime {
    VirtualTime(nanoseconds: milliseconds * 1_000_000)
}

enum SchedulerTestError: Error, Equatable {
    case timedOut
    case upstreamFailed
}

/// What a subscriber saw, stamped with the virtual instant it saw it at.
enum Timed<Input: Equatable>: Equatable {
    case value(Input, at: VirtualTime)
    case finished(at: VirtualTime)
    case failure(SchedulerTestError, at: VirtualTime)
}

/// A subscriber that stamps every value and completion with the scheduler's `now`.
///
/// It requests `initialDemand` on subscribing and answers each value with `demandPerValue`.
final class TimedSubscriber<Input: Equatable>: Subscriber, @unchecked Sendable {
    typealias Failure = SchedulerTestError

    private let lock = NSLock()
    private let scheduler: VirtualTimeScheduler
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: Subscribers.Demand
    private var recorded: [Timed<Input>] = []
    private var subscription: Subscription?
    private var subscriptionDescriptions: [String] = []

    init(
        on scheduler: VirtualTimeScheduler, initialDemand: Subscribers.Demand = .unlimited,
        demandPerValue: Subscribers.Demand = .none
    ) {
        self.scheduler = scheduler
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
    }

    var events: [Timed<Input>] { lock.withLock { recorded } }
    var descriptions: [String] { lock.withLock { subscriptionDescriptions } }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { subscription }?.request(demand)
    }

    func cancel() {
        let taken = lock.withLock {
            defer { subscription = nil }
            return subscription
        }
        taken?.cancel()
    }

    func receive(subscription: Subscription) {
        lock.withLock {
            self.subscription = subscription
            subscriptionDescriptions.append(String(describing: subscription))
        }
        if initialDemand > .none { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let now = scheduler.now
        lock.withLock { recorded.append(.value(input, at: now)) }
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<SchedulerTestError>) {
        let now = scheduler.now
        lock.withLock {
            switch completion {
            case .finished: recorded.append(.finished(at: now))
            case .failure(let error): recorded.append(.failure(error, at: now))
            }
        }
    }
}
