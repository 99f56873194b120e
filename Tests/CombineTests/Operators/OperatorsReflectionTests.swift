import Combine
import Foundation
import Testing

/// What operators' subscribers show to `dump`, a debugger or a playground, as Apple's do.
@Suite struct OperatorsReflectionTests {
    /// The labels and the printed values of the mirror of what `make` subscribes to its upstream.
    private func children<P: Publisher>(
        _ make: (HeldSubscriberPublisher<Int, ProbeError>) -> P
    ) -> [String]? {
        let upstream = HeldSubscriberPublisher<Int, ProbeError>()
        make(upstream).subscribe(TestSubscriber<P.Output, P.Failure>())
        guard let held = upstream.subscriberItself, let reflecting = held as? CustomReflectable else {
            return nil
        }
        return reflecting.customMirror.children.map { "\($0.label ?? "-")" }
    }

    // While an observer is enabled (tests elsewhere enable theirs in parallel), the publisher is
    // handed a stand-in that reflects nothing; these tests read the operator's own object behind it.
    @Test func theOperatorsMirrorIsReadBehindAnIntrospectionStandIn() {
        var labels: [String]?
        IntrospectionLog().recording { labels = children { $0.reduce(0, +) } }
        #expect(labels == ["downstream", "result", "initial", "status"])
    }

    // Apple: map, filter, tryMap, dropFirst and output(in:) reflect with no children.
    @Test func statelessOperatorsReflectWithNoChildren() {
        #expect(children { $0.map { $0 } } == [])
        #expect(children { $0.filter { _ in true } } == [])
        #expect(children { $0.tryMap { $0 } } == [])
        #expect(children { $0.dropFirst() } == [])
        #expect(children { $0.output(in: 1..<3) } == [])
    }

    // Apple: prefix(while:), tryFilter and removeDuplicates show their downstream (and the last value).
    @Test func filteringOperatorsShowTheirDownstream() {
        #expect(children { $0.prefix { _ in true } } == ["downstream"])
        #expect(children { $0.tryFilter { _ in true } } == ["downstream"])
        #expect(children { $0.removeDuplicates() } == ["downstream", "last"])
        #expect(children { $0.tryScan(0, +) } == ["downstream", "status", "result"])
    }

    // Apple: the reducing operators show downstream, result, initial and status.
    @Test func reducingOperatorsShowTheirState() {
        let expected = ["downstream", "result", "initial", "status"]
        #expect(children { $0.reduce(0, +) } == expected)
        #expect(children { $0.count() } == expected)
        #expect(children { $0.first() } == expected)
    }

    // Apple: encode and decode show downstream, whether they finished, and the upstream subscription.
    @Test func codingOperatorsShowTheirProgress() {
        #expect(
            children { $0.encode(encoder: JSONEncoder()) } == [
                "downstream", "finished", "upstreamSubscription",
            ])
    }

    // Apple: retry, replaceEmpty, replaceError, receive(on:), timeout, print, handleEvents, measureInterval
    // and subscribe(on:) reflect with no children and show their name in a playground.
    @Test func relayingOperatorsReflectWithNoChildren() {
        #expect(children { $0.retry(1) } == [])
        #expect(children { $0.replaceEmpty(with: 0) } == [])
        #expect(children { $0.replaceError(with: 0) } == [])
        #expect(children { $0.receive(on: ImmediateScheduler.shared) } == [])
        #expect(children { $0.print() } == [])
        #expect(children { $0.handleEvents() } == [])
        #expect(children { $0.measureInterval(using: ImmediateScheduler.shared) } == [])
        let upstream = HeldSubscriberPublisher<Int, ProbeError>()
        upstream.retry(1).subscribe(TestSubscriber<Int, ProbeError>())
        let held = upstream.subscriberItself as? CustomPlaygroundDisplayConvertible
        #expect(held?.playgroundDescription as? String == "Retry")
    }

    // Apple: catch shows its downstream and the demand still owed to it, on both of its subscribers.
    @Test func catchShowsItsDownstreamAndDemand() {
        #expect(children { $0.catch { _ in Just(0) } } == ["downstream", "demand"])
    }

    // Apple: Subscriptions.empty is "Empty" to print() and in a playground, and reflects no children.
    @Test func theEmptySubscriptionDescribesItselfAsEmpty() {
        let empty = Subscriptions.empty
        #expect(String(describing: empty) == "Empty")
        #expect((empty as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "Empty")
        #expect((empty as? CustomReflectable)?.customMirror.children.isEmpty == true)
    }

    // Apple: collect() shows only how many values it has gathered.
    @Test func collectShowsHowManyValuesItGathered() {
        #expect(children { $0.collect() } == ["count"])
    }

    // Apple: buffer, collect(_:), scan and debounce show the state they keep.
    @Test func statefulOperatorsShowWhatTheyKeep() {
        #expect(
            children { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest) } == [
                "values", "state", "downstreamDemand", "terminal",
            ])
        #expect(children { $0.collect(3) } == ["downstream", "upstreamSubscription", "buffer", "count"])
        #expect(children { $0.scan(0, +) } == ["downstream", "result"])
        let scheduler = ImmediateScheduler.shared
        #expect(
            children { $0.debounce(for: .zero, scheduler: scheduler) } == [
                "downstream", "downstreamDemand", "currentValue",
            ])
    }

    // Apple: the key-path maps show their key paths, numbered when there are several.
    @Test func keyPathMapsShowTheirKeyPaths() {
        #expect(children { $0.map(\.bitWidth) } == ["keyPath"])
        #expect(children { $0.map(\.bitWidth, \.words) } == ["keyPath0", "keyPath1"])
    }

    // Apple: drop(untilOutputFrom:) reflects with no children towards both of its publishers.
    @Test func dropUntilOutputReflectsWithNoChildren() {
        #expect(
            children { $0.drop(untilOutputFrom: Empty<Void, ProbeError>(completeImmediately: false)) } == [])
        #expect(
            children { Empty<Int, ProbeError>(completeImmediately: false).drop(untilOutputFrom: $0) } == [])
    }

    // Apple: what flatMap and switchToLatest subscribe to an inner publisher describes itself by the
    // operator's name and shows the identifier of the operator's own subscriber.
    @Test func innerSubscribersShowTheirParentsIdentifier() throws {
        for makeOperator in [
            { (outer: TestPublisher<HeldSubscriberPublisher<Int, Never>, Never>) in
                outer.flatMap { $0 }.eraseToAnyPublisher()
            },
            { outer in outer.switchToLatest().eraseToAnyPublisher() },
        ] {
            let outer = TestPublisher<HeldSubscriberPublisher<Int, Never>, Never>()
            let inner = HeldSubscriberPublisher<Int, Never>()
            let subscriber = TestSubscriber<Int, Never>()
            makeOperator(outer).subscribe(subscriber)
            outer.send(inner)
            let held = try #require(inner.subscriberItself)
            let mirror = try #require((held as? CustomReflectable)?.customMirror)

            #expect(["FlatMap", "SwitchToLatest"].contains((held as? CustomStringConvertible)?.description))
            #expect(mirror.children.map(\.label) == ["parentSubscription"])
            #expect(mirror.children.first?.value is CombineIdentifier)
        }
    }
}
