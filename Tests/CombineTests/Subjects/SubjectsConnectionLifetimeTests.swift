import Combine
import Testing

/// Who keeps a multicast's subject alive, as with Apple's. Not the connection: a connected
/// `multicast(subject:)` lets go of its subject (OpenCombine's
/// `MulticastTests.testDeallocateConnectedMulticastBeforeCancelling`). The multicast does, and so does
/// each subscriber's subscription to the subject until it ends (Apple's subject subscriptions show the
/// subject as `parent`, `nil` once they end: `PassthroughSubjectTests.testConduitReflection`). So a
/// `share()`, whose subscribers' subscriptions hold the autoconnecting multicast, keeps going once it is
/// let go of, and so does a dropped multicast with subscribers.
@Suite struct SubjectsConnectionLifetimeTests {
    // Apple: the connection alone does not keep the subject alive; cancelling it afterwards is harmless.
    @Test func aConnectionDoesNotKeepTheSubjectAlive() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        weak var weakSubject: PassthroughSubject<Int, Never>?
        let connection: Cancellable
        do {
            let subject = PassthroughSubject<Int, Never>()
            weakSubject = subject
            connection = upstream.multicast(subject: subject).connect()
        }

        #expect(weakSubject == nil)
        // The subject, going, cancelled its upstream subscription, as Apple's subjects do.
        #expect(upstream.subscription?.cancelCount == 1)
        connection.cancel()
    }

    // Apple: `publisher.share().sink { … }` keeps receiving after the share itself is let go of.
    @Test func aSinkOnAShareThatIsLetGoOfKeepsReceiving() {
        let upstream = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.share().subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)

        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions == [.finished])
    }

    // Apple: the subscriber's subscription holds the subject, so a multicast let go of after connecting
    // still feeds its subscriber, and the subject goes once that subscriber cancels.
    @Test func aSubscriberKeepsTheSubjectOfADroppedMulticastUntilItCancels() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        weak var weakSubject: PassthroughSubject<Int, Never>?
        let subscriber = TestSubscriber<Int, Never>()
        let connection: Cancellable
        do {
            let subject = PassthroughSubject<Int, Never>()
            weakSubject = subject
            let multicast = upstream.multicast(subject: subject)
            multicast.subscribe(subscriber)
            connection = multicast.connect()
        }
        upstream.send(1)
        #expect(subscriber.values == [1])
        #expect(weakSubject != nil)

        subscriber.cancel()
        #expect(weakSubject == nil)
        connection.cancel()
    }
}
