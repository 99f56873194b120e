import Combine
import Dispatch
import Harness
import Testing

@Suite("DeliveryCounter")
struct DeliveryCounterTests {
    @Test func countsEveryDeliveryFromManyThreadsAtOnce() {
        let counter = DeliveryCounter()
        DispatchQueue.concurrentPerform(iterations: 1_000) { index in
            counter.countValue()
            if index.isMultiple(of: 10) { counter.countCompletion(Subscribers.Completion<Never>.finished) }
        }
        #expect(counter.values == 1_000)
        #expect(counter.completions == 100)
    }
}
