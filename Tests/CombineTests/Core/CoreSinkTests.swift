import Combine
import Foundation
import Testing

@Suite("Subscribers.Sink and Subscribers.Assign")
struct CoreSinkTests {
    /// Records what a sink's closures were given, from any thread.
    final class Recorder<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var storedValues: [Value] = []
        private var storedCompletions: [String] = []

        var values: [Value] { lock.withLock { storedValues } }
        var completions: [String] { lock.withLock { storedCompletions } }

        func value(_ value: Value) { lock.withLock { storedValues.append(value) } }

        func completion<Failure>(_ completion: Subscribers.Completion<Failure>) {
            lock.withLock { storedCompletions.append("\(completion)") }
        }
    }

    @Test func sinkRequestsUnlimitedAndPassesValuesThenCompletion() {
        let publisher = TestPublisher<Int, TestError>(lettingGo: .never)
        let recorder = Recorder<Int>()
        let cancellable = publisher.sink(receiveCompletion: recorder.completion, receiveValue: recorder.value)
        #expect(publisher.subscription?.requests == [.unlimited])
        #expect(publisher.send(1) == .none)
        publisher.send(2)
        publisher.send(completion: .failure(TestError(3)))
        #expect(recorder.values == [1, 2])
        #expect(recorder.completions == ["\(Subscribers.Completion<TestError>.failure(TestError(3)))"])
        withExtendedLifetime(cancellable) {}
    }

    @Test func sinkDescribesItselfAsSink() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        #expect(sink.description == "Sink")
        #expect("\(sink.playgroundDescription)" == "Sink")
        #expect(sink.customMirror.children.isEmpty)
    }

    @Test func cancellingTheSinkCancelsUpstreamOnceAndStopsDelivery() {
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        let recorder = Recorder<Int>()
        let cancellable = publisher.sink(receiveValue: recorder.value)
        publisher.send(1)
        cancellable.cancel()
        cancellable.cancel()
        publisher.send(2)
        publisher.send(completion: .finished)
        #expect(recorder.values == [1])
        #expect(recorder.completions.isEmpty)
        #expect(publisher.subscription?.cancelCount == 1)
    }

    @Test func releasingTheCancellableCancelsUpstream() {
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        var cancellable: AnyCancellable? = publisher.sink { _ in }
        #expect(publisher.subscription?.cancelCount == 0)
        cancellable = nil
        #expect(cancellable == nil)
        #expect(publisher.subscription?.cancelCount == 1)
    }

    @Test func sinkReleasesItsClosuresOnCompletion() {
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        var captured: NSObject? = NSObject()
        let weak = WeakBox(object: captured)
        let cancellable = publisher.sink { [captured] _ in _ = captured }
        captured = nil
        #expect(weak.object != nil)
        publisher.send(completion: .finished)
        #expect(weak.object == nil)
        withExtendedLifetime(cancellable) {}
    }

    @Test func sinkReleasesItsClosuresOnCancel() {
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        var captured: NSObject? = NSObject()
        let weak = WeakBox(object: captured)
        let cancellable = publisher.sink(
            receiveCompletion: { [captured] _ in _ = captured }, receiveValue: { _ in })
        captured = nil
        #expect(weak.object != nil)
        cancellable.cancel()
        #expect(weak.object == nil)
    }

    @Test func aSinkOwnedByItsOwnClosureOwnerIsFreedAfterCompletion() {
        final class Owner {
            var cancellable: AnyCancellable?
            var received: [Int] = []
        }
        let subject = PassthroughSubject<Int, Never>()
        var owner: Owner? = Owner()
        let weak = WeakBox(object: owner)
        owner?.cancellable = subject.sink { [owner] in owner?.received.append($0) }
        subject.send(1)
        #expect(weak.object?.received == [1])
        owner = nil
        #expect(weak.object != nil)
        subject.send(completion: .finished)
        #expect(weak.object == nil)
    }

    @Test func sinkClosuresBecomeNoOpsOnceFinished() {
        let recorder = Recorder<Int>()
        let sink = Subscribers.Sink<Int, Never>(
            receiveCompletion: recorder.completion, receiveValue: recorder.value)
        sink.receiveValue(1)
        sink.cancel()
        sink.receiveValue(2)
        sink.receiveCompletion(.finished)
        #expect(recorder.values == [1])
        #expect(recorder.completions.isEmpty)
    }

    @Test func sinkCancelsASecondSubscription() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let first = TestSubscription()
        let second = TestSubscription()
        sink.receive(subscription: first)
        sink.receive(subscription: second)
        #expect(first.requests == [.unlimited])
        #expect(second.requests.isEmpty)
        #expect(second.cancelCount == 1)
        #expect(first.cancelCount == 0)
    }

    @Test func sinkIgnoresACompletionAfterCancel() {
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        let recorder = Recorder<Int>()
        let cancellable = publisher.sink(receiveCompletion: recorder.completion, receiveValue: recorder.value)
        cancellable.cancel()
        publisher.send(completion: .finished)
        #expect(recorder.completions.isEmpty)
    }

    @Test func cancellingFromInsideTheValueClosureStopsFurtherValues() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int>()
        var cancellable: AnyCancellable?
        cancellable = subject.sink { value in
            recorder.value(value)
            cancellable?.cancel()
        }
        subject.send(1)
        subject.send(2)
        #expect(recorder.values == [1])
    }

    @Test func concurrentCancelsCancelUpstreamExactlyOnce() {
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        publisher.subscribe(sink)
        let shared = Unchecked(sink)
        DispatchQueue.concurrentPerform(iterations: 64) { _ in shared.value.cancel() }
        #expect(publisher.subscription?.cancelCount == 1)
    }

    @Test func theValueClosureOutlivesACancelFromInsideIt() {
        let subject = PassthroughSubject<Int, Never>()
        var captured: NSObject? = NSObject()
        let weak = WeakBox(object: captured)
        var cancellable: AnyCancellable?
        var seenAfterCancel: [Bool] = []
        cancellable = subject.sink { [captured] _ in
            cancellable?.cancel()
            // Still running, so what the closure captured must still be there.
            seenAfterCancel.append(captured != nil)
        }
        captured = nil
        subject.send(1)
        #expect(seenAfterCancel == [true])
        #expect(weak.object == nil)
    }

    @Test func aCancelFromAnotherThreadDuringAValueReleasesTheClosuresWhenTheValueIsDone() {
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        var captured: NSObject? = NSObject()
        let weak = WeakBox(object: captured)
        let valueStarted = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }) { [captured] _ in
            valueStarted.signal()
            #expect(cancelled.wait(timeout: .now() + .seconds(10)) == .success)
            _ = captured
        }
        publisher.subscribe(sink)
        captured = nil
        let shared = Unchecked(sink)
        DispatchQueue.global().async {
            // Waits with a deadline, so a value that never starts still ends the test.
            _ = valueStarted.wait(timeout: .now() + .seconds(10))
            shared.value.cancel()
            cancelled.signal()
        }
        publisher.send(1)
        #expect(weak.object == nil)
        #expect(publisher.subscription?.cancelCount == 1)
    }

    @Test func aSubscriptionRacingACancelIsCancelledExactlyOnceAndNeverLeftHeld() {
        for _ in 0..<500 {
            let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
            let subscription = TestSubscription()
            let shared = Unchecked(sink)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    shared.value.receive(subscription: subscription)
                } else {
                    shared.value.cancel()
                }
            }
            #expect(subscription.cancelCount == 1)
        }
    }

    @Test func valuesFromManyRoundsRacingACancelEndWithTheClosuresReleased() {
        for _ in 0..<200 {
            let publisher = TestPublisher<Int, Never>(lettingGo: .never)
            var captured: NSObject? = NSObject()
            let weak = WeakBox(object: captured)
            let cancellable = publisher.sink { [captured] _ in _ = captured }
            captured = nil
            let shared = Unchecked(cancellable)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    for value in 0..<20 { publisher.send(value) }
                } else {
                    shared.value.cancel()
                }
            }
            #expect(weak.object == nil)
        }
    }

    // MARK: Assign

    final class Target: @unchecked Sendable {
        var value = 0
    }

    @Test func assignWritesEveryValueIntoTheProperty() {
        let target = Target()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.assign(to: \.value, on: target)
        subject.send(4)
        #expect(target.value == 4)
        subject.send(5)
        #expect(target.value == 5)
        withExtendedLifetime(cancellable) {}
    }

    @Test func assignRequestsUnlimitedAndDescribesItsRoot() {
        let target = Target()
        let assign = Subscribers.Assign(object: target, keyPath: \Target.value)
        let subscription = TestSubscription()
        assign.receive(subscription: subscription)
        #expect(subscription.requests == [.unlimited])
        #expect(assign.description == "Assign Target.")
        #expect(assign.keyPath == \Target.value)
        #expect(assign.object === target)
    }

    @Test func assignReleasesItsObjectOnCompletion() {
        var target: Target? = Target()
        let weak = WeakBox(object: target)
        let subject = PassthroughSubject<Int, Never>()
        let assign = Subscribers.Assign(object: target!, keyPath: \Target.value)
        subject.subscribe(assign)
        target = nil
        #expect(weak.object != nil)
        subject.send(completion: .finished)
        #expect(weak.object == nil)
        #expect(assign.object == nil)
    }

    @Test func assignCancelReleasesTheObjectAndCancelsUpstream() {
        var target: Target? = Target()
        let weak = WeakBox(object: target)
        let publisher = TestPublisher<Int, Never>(lettingGo: .never)
        let cancellable = publisher.assign(to: \.value, on: target!)
        target = nil
        publisher.send(1)
        #expect(weak.object?.value == 1)
        cancellable.cancel()
        #expect(weak.object == nil)
        #expect(publisher.subscription?.cancelCount == 1)
    }
}
