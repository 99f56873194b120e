import Combine
import Foundation
import Testing
import TimeControl

/// `_Introspection`, Apple's underscored observer of pipelines, as OpenCombine's
/// `IntrospectionTests` recorded it against Apple's Combine (macOS 11 and later).
@Suite("_Introspection")
struct IntrospectionTests {
    /// Apple: `subscribe(_:)` tells the observer before and after it attaches, and the subscriber's
    /// subscription arrives between the two; `receive(subscriber:)` called directly is not seen.
    @Test func subscribeIsSeenAroundTheSubscriptionAndADirectReceiveIsNot() {
        let log = IntrospectionLog()
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        log.recording {
            publisher.receive(subscriber: subscriber)
            publisher.subscribe(subscriber)
        }
        #expect(
            log.lines == [
                "willAttach TestPublisher to TestSubscriber",
                "willReceive TestSubscriber subscription TestPublisher",
                "didReceive TestSubscriber subscription TestPublisher",
                "didAttach TestPublisher to TestSubscriber",
            ])
    }

    /// Apple: while an observer is enabled the publisher is handed a stand-in for the subscriber,
    /// with its identifier and description and no other description; the subscriber is handed a
    /// stand-in for its subscription, with the subscription's identifier and description.
    @Test func publisherAndSubscriberAreHandedStandInsKeepingIdentifierAndDescription() throws {
        let log = IntrospectionLog()
        let publisher = HeldSubscriberPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        let subscription = TestSubscription(description: "Original")
        log.recording {
            publisher.subscribe(subscriber)
            publisher.sendSubscription(subscription)
        }
        let standIn = try #require(publisher.heldSubscriber)
        let isTheSubscriberItself = (standIn as AnyObject) === subscriber
        #expect(!isTheSubscriberItself)
        #expect(!(standIn is AnySubscriber<Int, Never>))
        let identifier = (standIn as? CustomCombineIdentifierConvertible)?.combineIdentifier
        #expect(identifier == subscriber.combineIdentifier)
        #expect((standIn as? CustomStringConvertible)?.description == String(describing: subscriber))
        #expect(!(standIn is CustomDebugStringConvertible) && !(standIn is CustomReflectable))
        #expect(!(standIn is CustomPlaygroundDisplayConvertible))

        let received = try #require(subscriber.subscription)
        #expect(!(received is TestSubscription))
        #expect(received.combineIdentifier == subscription.combineIdentifier)
        #expect(subscriber.subscriptionDescriptions == ["Original"])
        #expect(!(received is CustomDebugStringConvertible) && !(received is CustomReflectable))
    }

    /// Apple: a pipeline attached while no observer is enabled is never wrapped, so nothing about it
    /// is seen when one is enabled later.
    @Test func aPipelineAttachedWhileNoneIsEnabledIsNeverSeen() async throws {
        let (publisher, subscriber) = try await Self.attachedWhileNoObserverIsEnabled()
        // Made after the wait, on the thread that drives the pipeline: the log keeps only its own.
        let log = IntrospectionLog()
        log.recording {
            subscriber.request(.max(1))
            publisher.send(1)
            publisher.send(completion: .finished)
        }
        #expect(log.lines.isEmpty)
        #expect(subscriber.values == [1])
    }

    /// A pipeline attached at a moment when no observer was enabled anywhere: other suites' tests
    /// and the chapters drawing stage lanes enable theirs in parallel, for seconds at a time, so it
    /// attaches again until its subscriber got the plain subscription, for up to two minutes.
    ///
    /// It waits between attempts by suspending, in a task of high priority: a loop that slept its
    /// thread held one of the few threads the whole suite shares for as long as observers stayed
    /// enabled (38 to 110 s of runs at loads of 10 to 20), which slowed the very tests whose
    /// observers it waited out, until none ended within the two minutes (stress runs at load 20).
    private static func attachedWhileNoObserverIsEnabled() async throws
        -> (TestPublisher<Int, Never>, TestSubscriber<Int, Never>)
    {
        let attached = Box<(TestPublisher<Int, Never>, TestSubscriber<Int, Never>)?>(nil)
        let found = await Task(priority: .high) {
            await until(timeout: .seconds(120), checkingEvery: .milliseconds(2)) {
                let publisher = TestPublisher<Int, Never>(lettingGo: .never)
                let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
                publisher.subscribe(subscriber)
                guard subscriber.subscription is TestSubscription else { return false }
                attached.value = (publisher, subscriber)
                return true
            }
        }.value
        guard found, let pipeline = attached.value else { throw AlwaysObserved() }
        return pipeline
    }

    private struct AlwaysObserved: Error {}

    /// Apple: each value is seen before and after the subscriber takes it, with the demand it
    /// answered; a completion is seen before and after too, every time one is sent.
    @Test func valuesAreSeenWithTheirResultingDemandAndEachCompletionIsSeen() {
        let log = IntrospectionLog()
        let publisher = TestPublisher<Int, TestError>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none, demandPerValue: .max(2))
        log.recording {
            publisher.subscribe(subscriber)
            publisher.send(7)
            publisher.send(completion: .finished)
            publisher.send(completion: .failure(TestError(3)))
        }
        #expect(
            Array(log.lines.dropFirst(4)) == [
                "willReceive TestSubscriber input 7",
                "didReceive TestSubscriber input 7 demand max(2)",
                "willReceive TestSubscriber finished",
                "didReceive TestSubscriber finished",
                "willReceive TestSubscriber failure TestError(code: 3)",
                "didReceive TestSubscriber failure TestError(code: 3)",
            ])
    }

    /// Apple: a request and a cancel through the subscription the subscriber was handed are seen
    /// before and after, naming the original subscription, and reach it once each.
    @Test func requestsAndCancelsAreSeenNamingTheOriginalSubscription() {
        let log = IntrospectionLog()
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        log.recording {
            publisher.subscribe(subscriber)
            subscriber.request(.max(2))
            subscriber.cancel()
        }
        #expect(
            Array(log.lines.dropFirst(4)) == [
                "willRequest TestPublisher max(2)",
                "didRequest TestPublisher max(2)",
                "willCancel TestPublisher",
                "didCancel TestPublisher",
            ])
        #expect(publisher.subscription?.requests == [.max(2)])
        #expect(publisher.subscription?.cancelCount == 1)
    }

    /// Apple: an operator's own subscriber is attached through `subscribe(_:)` too, so each stage is
    /// seen; `map` passes its upstream's subscription on, and its value nests the downstream's.
    @Test func eachOperatorStageIsSeenWithItsValueNestingTheNext() {
        let log = IntrospectionLog()
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none, demandPerValue: .max(1))
        log.recording {
            publisher.map { $0 * 10 }.subscribe(subscriber)
            publisher.send(4)
        }
        #expect(
            log.lines == [
                "willAttach Map to TestSubscriber",
                "willAttach TestPublisher to Map",
                "willReceive Map subscription TestPublisher",
                "willReceive TestSubscriber subscription TestPublisher",
                "didReceive TestSubscriber subscription TestPublisher",
                "didReceive Map subscription TestPublisher",
                "didAttach TestPublisher to Map",
                "didAttach Map to TestSubscriber",
                "willReceive Map input 4",
                "willReceive TestSubscriber input 40",
                "didReceive TestSubscriber input 40 demand max(1)",
                "didReceive Map input 4 demand max(1)",
            ])
    }

    /// Apple: a publisher that hands its subscriber straight to another publisher does not get it
    /// wrapped twice; the inner attachment names it type-erased, as an `AnySubscriber`.
    @Test func aSubscriberPassedStraightOnIsNotWrappedTwiceAndIsNamedErased() {
        let log = IntrospectionLog()
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        log.recording {
            PassingStraightOn(upstream: publisher).subscribe(subscriber)
        }
        #expect(log.lines.filter { $0.contains("subscription") }.count == 2)
        let erasedOnTheInnerAttachment = [
            "TestSubscriber", "AnySubscriber", "AnySubscriber", "TestSubscriber",
        ]
        #expect(log.attachedSubscriberTypes == erasedOnTheInnerAttachment)
    }

    /// Apple (OpenCombine's `testDoubleErasure`): `AnyPublisher` hands its subscriber straight to
    /// the publisher it wraps, so only the erased publisher's attachment is seen.
    @Test func anErasedPublisherIsSeenButNotTheOneItWraps() {
        let log = IntrospectionLog()
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        log.recording {
            publisher.eraseToAnyPublisher().eraseToAnyPublisher().subscribe(subscriber)
        }
        #expect(
            log.lines.filter { $0.contains("Attach") } == [
                "willAttach AnyPublisher to TestSubscriber",
                "didAttach AnyPublisher to TestSubscriber",
            ])
    }

    /// Apple: observers are independent; each is told only what happens while it is enabled, and
    /// enabling one twice keeps one copy of it.
    @Test func eachObserverSeesOnlyWhatHappensWhileItIsEnabled() {
        let first = IntrospectionLog()
        let second = IntrospectionLog()
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        #expect(!first.isEnabled && !second.isEnabled)
        first.enable()
        first.enable()
        publisher.subscribe(subscriber)
        publisher.send(1)
        second.enable()
        #expect(first.isEnabled && second.isEnabled)
        publisher.send(2)
        first.disable()
        #expect(!first.isEnabled && second.isEnabled)
        publisher.send(3)
        second.disable()
        publisher.send(4)
        #expect(!first.isEnabled && !second.isEnabled)
        #expect(first.lines.filter { $0.hasPrefix("willReceive TestSubscriber input") }.count == 2)
        #expect(
            second.lines == [
                "willReceive TestSubscriber input 2", "didReceive TestSubscriber input 2 demand max(0)",
                "willReceive TestSubscriber input 3", "didReceive TestSubscriber input 3 demand max(0)",
            ])
        #expect(subscriber.values == [1, 2, 3, 4])
    }
}

/// A publisher that attaches its subscriber to its upstream as it is, as many wrappers do.
private struct PassingStraightOn<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(subscriber)
    }
}
