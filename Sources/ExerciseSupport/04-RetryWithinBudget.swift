/// How long exercise 4's retries may go on: the wait before the first retry (each later wait is
/// twice the one before), and the time after the first attempt by which every wait must be over.
public struct RetryBudget: Sendable, Equatable {
    public let firstWait: Duration
    public let total: Duration

    public init(firstWait: Duration, total: Duration) {
        self.firstWait = firstWait
        self.total = total
    }
}
