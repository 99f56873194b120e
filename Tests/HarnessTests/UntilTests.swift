import Harness
import Synchronization
import Testing
import TimeControl

@Suite("until(timeout:)")
struct UntilTests {
    @Test func returnsTrueOnceTheConditionStartsToHold() async {
        let flag = Atomic<Bool>(false)
        let setter = Task {
            try? await Task.sleep(for: .milliseconds(30))
            flag.store(true, ordering: .relaxed)
        }
        let held = await until { flag.load(ordering: .relaxed) }
        #expect(held)
        await setter.value
    }

    @Test func returnsFalseWhenTheDeadlinePassesFirst() async {
        let clock = ContinuousClock()
        let start = clock.now
        let held = await until(timeout: .milliseconds(50)) { false }
        #expect(!held)
        #expect(clock.now - start >= .milliseconds(50))
    }

    @Test func checksAtOnceWithoutWaitingWhenTheConditionAlreadyHolds() async {
        var checks = 0
        let held = await until(timeout: .zero) {
            checks += 1
            return true
        }
        #expect(held)
        #expect(checks == 1)
    }
}
