import Combine
import Foundation
import Harness

typealias VirtualTime = VirtualTimeScheduler.SchedulerTimeType

/// The virtual instant `milliseconds` after the clock's origin.
func ms(_ milliseconds: Int) -> VirtualTime {
    VirtualTime(nanoseconds: milliseconds * 1_000_000)
}

enum SchedulerTestError: Error, Equatable {
    case timedOut
    case upstreamFailed
}

/// An upstream the test drives by hand. It records what its subscriber asks of it (requests,
/// cancellation) and sends exactly what the test tells it to, ignoring demand, so a test can see
/// what an operator forwards upstream and what it lets through downstream.
final class ManualUpstream<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let lock = NSLock()
    private var receiveValue: ((Output) -> Subscribers.Demand)?
    private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    private var recordedRequests: [Subscribers.Demand] = []
    private var recordedCancels = 0
    private var recordedSubscribes = 0
    /// Called on the thread that subscribes, requests or cancels, with which of them it was.
    private let observe: @Sendable (String) -> Void

    init(observe: @escaping @Sendable (String) -> Void = { _ in }) {
        self.observe = observe
    }

    var requests: [Subscribers.Demand] { lock.withLock { recordedRequests } }
    var cancelCount: Int { lock.withLock { recordedCancels } }
    var subscribeCount: Int { lock.withLock { recordedSubscribes } }

    func receive<S>(subscriber: S) where S: Subscriber, S.Input == Output, S.Failure == Failure {
        lock.withLock {
            recordedSubscribes += 1
            receiveValue = subscriber.receive(_:)
            receiveCompletion = subscriber.receive(completion:)
        }
        observe("subscribe")
        subscriber.receive(subscription: Link(upstream: self))
    }

    /// Sends `value` to the subscriber, if one is attached; returns the demand it answered with.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        let receive = lock.withLock { receiveValue }
        return receive?(value) ?? .none
    }

    func send(completion: Subscribers.Completion<Failure>) {
        let receive = lock.withLock {
            defer { detach() }
            return receiveCompletion
        }
        receive?(completion)
    }

    /// With the lock held: forgets the subscriber, as a publisher does once it is done with it.
    private func detach() {
        receiveValue = nil
        receiveCompletion = nil
    }

    private final class Link: Subscription, CustomStringConvertible {
        let upstream: ManualUpstream

        init(upstream: ManualUpstream) {
            self.upstream = upstream
        }

        var description: String { "ManualUpstream" }

        func request(_ demand: Subscribers.Demand) {
            upstream.lock.withLock { upstream.recordedRequests.append(demand) }
            upstream.observe("request")
        }

        func cancel() {
            upstream.lock.withLock {
                upstream.recordedCancels += 1
                upstream.detach()
            }
            upstream.observe("cancel")
        }
    }
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
