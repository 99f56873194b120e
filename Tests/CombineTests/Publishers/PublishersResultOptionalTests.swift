import Combine
import Testing

@Suite("Result.Publisher and Optional.Publisher")
struct PublishersResultOptionalTests {
    @Test func aSuccessIsSentOnDemandThenFinishes() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none)
        Result<Int, TestError>.success(3).publisher.subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        subscriber.request(.max(1))
        #expect(subscriber.values == [3])
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.subscriptionDescriptions == ["Once"])
    }

    @Test func aFailureIsSentAtOnce() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none)
        Result<Int, TestError>.Publisher(TestError(2)).subscribe(subscriber)
        #expect(subscriber.completions == [.failure(TestError(2))])
        #expect(subscriber.subscriptionDescriptions == ["Empty"])
    }

    @Test func resultOperatorsAnswerWithAnotherResultPublisher() throws {
        typealias Numbers = Result<Int, TestError>.Publisher
        let success = Numbers(4)
        let failure = Numbers(TestError(1))
        #expect(success.map { $0 + 1 } == Result.Publisher(5))
        #expect(failure.map { $0 + 1 } == Result<Int, TestError>.Publisher(TestError(1)))
        #expect(success.contains(4) == Result.Publisher(true))
        #expect(success.contains { $0 > 4 } == Result.Publisher(false))
        #expect(success.allSatisfy { $0 > 0 } == Result.Publisher(true))
        #expect(success.collect() == Result.Publisher([4]))
        #expect(success.count() == Result.Publisher(1))
        #expect(success.reduce(1, +) == Result.Publisher(5))
        #expect(success.scan(2, *) == Result.Publisher(8))
        #expect(success.min() == success && success.max() == success)
        #expect(success.min(by: <) == success && success.max(by: <) == success)
        #expect(success.first() == success && success.last() == success)
        #expect(success.removeDuplicates() == success && success.removeDuplicates(by: ==) == success)
        #expect(success.replaceEmpty(with: 0) == success && success.retry(2) == success)
        #expect(failure.replaceError(with: 0) == Result<Int, Never>.Publisher(0))
        #expect(success.replaceError(with: 0) == Result<Int, Never>.Publisher(4))
        #expect(failure.mapError { TestError($0.code + 1) } == Result<Int, TestError>.Publisher(TestError(2)))
        #expect(try success.tryMap { $0 * 3 }.result.get() == 12)
        #expect(throws: TestError(1)) { try failure.tryMap { $0 * 3 }.result.get() }
        #expect(try success.tryMin(by: <).result.get() == 4)
        #expect(try success.tryMax(by: <).result.get() == 4)
        #expect(try success.tryContains { $0 == 4 }.result.get())
        #expect(try success.tryAllSatisfy { $0 == 5 }.result.get() == false)
        #expect(try success.tryReduce(1, +).result.get() == 5)
        #expect(try success.tryScan(1, +).result.get() == 5)
        #expect(try success.tryRemoveDuplicates(by: ==).result.get() == 4)
        #expect(Result<Int, Never>.Publisher(1).setFailureType(to: TestError.self) == Result.Publisher(1))
        let ignored = TestSubscriber<Int, TestError>()
        success.ignoreOutput().subscribe(ignored)
        #expect(ignored.completions == [.finished])
        #expect(ignored.values.isEmpty)
    }

    @Test func someIsSentOnDemandAndNoneJustFinishes() {
        let some = TestSubscriber<Int, Never>(initialDemand: .none)
        Optional(2).publisher.subscribe(some)
        #expect(some.values.isEmpty)
        some.request(.max(1))
        #expect(some.values == [2])
        #expect(some.completions == [.finished])
        #expect(some.subscriptionDescriptions == ["Optional"])

        let none = TestSubscriber<Int, Never>(initialDemand: .none)
        Optional<Int>.none.publisher.subscribe(none)
        #expect(none.values.isEmpty)
        #expect(none.completions == [.finished])
    }

    @Test func optionalOperatorsAnswerWithAnotherOptionalPublisher() {
        let some = Optional.Publisher(4)
        let none = Optional<Int>.Publisher(nil)
        #expect(some.map { $0 * 2 } == Optional.Publisher(8))
        #expect(none.map { $0 * 2 } == Optional.Publisher(nil))
        #expect(some.filter { $0 > 4 } == none)
        #expect(some.first { $0 == 4 } == some && some.last { $0 == 5 } == none)
        #expect(some.compactMap { $0 > 3 ? $0 : nil } == some)
        #expect(some.contains(4) == Optional.Publisher(true))
        #expect(none.contains(4) == Optional.Publisher(nil))
        #expect(some.contains { $0 < 4 } == Optional.Publisher(false))
        #expect(some.allSatisfy { $0 == 4 } == Optional.Publisher(true))
        #expect(some.collect() == Optional.Publisher([4]))
        #expect(none.collect() == Optional.Publisher([]))
        #expect(some.count() == Optional.Publisher(1))
        #expect(some.reduce(1, +) == Optional.Publisher(5))
        #expect(some.scan(1, +) == Optional.Publisher(5))
        #expect(none.scan(1, +) == Optional.Publisher(nil))
        #expect(some.dropFirst() == none && some.dropFirst(0) == some)
        #expect(some.drop { $0 == 4 } == none && some.drop { $0 == 3 } == some)
        #expect(some.output(at: 0) == some && some.output(at: 2) == none)
        #expect(some.output(in: 0...1) == some && some.output(in: 1..<3) == none)
        #expect(some.prefix(1) == some && some.prefix(0) == none)
        #expect(some.prefix { $0 < 4 } == none)
        #expect(some.min() == some && some.max() == some)
        #expect(some.min(by: <) == some && some.max(by: <) == some)
        #expect(some.first() == some && some.last() == some)
        #expect(some.removeDuplicates() == some && some.removeDuplicates(by: ==) == some)
        #expect(some.replaceError(with: 0) == some && some.retry(1) == some)
        #expect(none.replaceEmpty(with: 7) == Just(7))
        #expect(some.replaceEmpty(with: 7) == Just(4))
        let ignored = TestSubscriber<Int, Never>()
        some.ignoreOutput().subscribe(ignored)
        #expect(ignored.values.isEmpty)
        #expect(ignored.completions == [.finished])
    }
}
