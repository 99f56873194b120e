import Harness
import Synchronization
import TestSupport
import Testing
import TimeControl

@Suite("until(timeout:)")
struct UntilTests {
    @Test func returnsTrueOnceTheConditionStartsToHold() async {
        let flag = Atomic<Bool>(false)
        // On a thread of its own: at the default priority, the setter's two steps each waited for a
        // turn behind the busy suite, and were not done in 120 s (a stress run at a load of 27).
        let setter = Task(executorPreference: ThreadOfItsOwn.shared) {
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
