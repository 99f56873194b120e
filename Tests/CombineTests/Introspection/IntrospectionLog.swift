import Combine
import Foundation

/// An `_Introspection` for tests that writes each event it is told as one line, such as
/// `willReceive TestSubscriber input 1` or `didRequest TestPublisher max(2)`.
///
/// Observers are global and tests run in parallel, so it keeps only the events told on the thread
/// that made it: each test drives its pipeline synchronously on its own thread.
final class IntrospectionLog: _Introspection, @unchecked Sendable {
    private let thread = pthread_self()
    private let lock = NSLock()
    private var recorded: [String] = []
    /// The type of each subscriber the publisher events were given, short-named (`AnySubscriber`).
    private var attachedTypes: [String] = []

    var lines: [String] { lock.withLock { recorded } }

    var attachedSubscriberTypes: [String] { lock.withLock { attachedTypes } }

    /// Enables the log for `body` only, so that a failing expectation cannot leave it enabled.
    func recording(_ body: () throws -> Void) rethrows {
        enable()
        defer { disable() }
        try body()
    }

    func willReceive<P: Publisher, S: Subscriber>(publisher: P, subscriber: S)
    where P.Failure == S.Failure, P.Output == S.Input {
        record("willAttach \(Self.name(publisher)) to \(Self.name(subscriber))", subscriberType: S.self)
    }

    func didReceive<P: Publisher, S: Subscriber>(publisher: P, subscriber: S)
    where P.Failure == S.Failure, P.Output == S.Input {
        record("didAttach \(Self.name(publisher)) to \(Self.name(subscriber))", subscriberType: S.self)
    }

    func willReceive<S: Subscriber>(subscriber: S, subscription: Subscription) {
        record("willReceive \(Self.name(subscriber)) subscription \(Self.name(subscription))")
    }

    func didReceive<S: Subscriber>(subscriber: S, subscription: Subscription) {
        record("didReceive \(Self.name(subscriber)) subscription \(Self.name(subscription))")
    }

    func willReceive<S: Subscriber>(subscriber: S, input: S.Input) {
        record("willReceive \(Self.name(subscriber)) input \(input)")
    }

    func didReceive<S: Subscriber>(subscriber: S, input: S.Input, resultingDemand: Subscribers.Demand) {
        record("didReceive \(Self.name(subscriber)) input \(input) demand \(resultingDemand)")
    }

    func willReceive<S: Subscriber>(subscriber: S, completion: Subscribers.Completion<S.Failure>) {
        record("willReceive \(Self.name(subscriber)) \(Self.name(completion))")
    }

    func didReceive<S: Subscriber>(subscriber: S, completion: Subscribers.Completion<S.Failure>) {
        record("didReceive \(Self.name(subscriber)) \(Self.name(completion))")
    }

    func willRequest(subscription: Subscription, _ demand: Subscribers.Demand) {
        record("willRequest \(Self.name(subscription)) \(demand)")
    }

    func didRequest(subscription: Subscription, _ demand: Subscribers.Demand) {
        record("didRequest \(Self.name(subscription)) \(demand)")
    }

    func willCancel(subscription: Subscription) {
        record("willCancel \(Self.name(subscription))")
    }

    func didCancel(subscription: Subscription) {
        record("didCancel \(Self.name(subscription))")
    }

    private func record(_ line: String, subscriberType: Any.Type? = nil) {
        guard pthread_equal(pthread_self(), thread) != 0 else { return }
        lock.withLock {
            recorded.append(line)
            if let subscriberType { attachedTypes.append(Self.shortName(String(describing: subscriberType))) }
        }
    }

    /// `finished`, or `failure` with the error.
    private static func name<Failure>(_ completion: Subscribers.Completion<Failure>) -> String {
        switch completion {
        case .finished: "finished"
        case .failure(let error): "failure \(error)"
        }
    }

    /// What `value` describes itself as, without its module or generic arguments:
    /// `TestSubscriber` for `CombineTests.TestSubscriber<Swift.Int, Swift.Never>`.
    private static func name(_ value: Any) -> String {
        shortName(String(describing: value))
    }

    private static func shortName(_ description: String) -> String {
        let withoutArguments = description.prefix { $0 != "<" }
        return String(withoutArguments.split(separator: ".").last ?? withoutArguments)
    }
}
