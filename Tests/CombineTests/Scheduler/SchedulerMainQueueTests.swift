import Combine
import Dispatch
import Foundation
import XCTest

/// The main queue and the main run loop as schedulers. XCTest runs these on the main thread and
/// turns the main run loop while it waits, which Swift Testing on Linux does not.
final class SchedulerMainQueueTests: XCTestCase {
    func testReceiveOnMainQueueDeliversOnTheMainThreadInOrder() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .onCancelOrCompletion)
        let finished = expectation(description: "finished")
        var values: [Int] = []
        var offMain = 0
        let cancellable = upstream.receive(on: DispatchQueue.main).sink(
            receiveCompletion: { _ in finished.fulfill() },
            receiveValue: { value in
                if !Thread.isMainThread { offMain += 1 }
                values.append(value)
            })
        DispatchQueue.global().async {
            for value in 0..<50 { upstream.send(value) }
            upstream.send(completion: .finished)
        }
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(values, Array(0..<50))
        XCTAssertEqual(offMain, 0)
        cancellable.cancel()
    }

    func testMainRunLoopRunsScheduledWorkOnTheMainThread() {
        let ran = expectation(description: "ran")
        let due = RunLoop.main.now.advanced(by: .milliseconds(10))
        RunLoop.main.schedule(after: due) {
            XCTAssertTrue(Thread.isMainThread)
            XCTAssertGreaterThanOrEqual(Date(), due.date)
            ran.fulfill()
        }
        wait(for: [ran], timeout: 10)
    }
}
