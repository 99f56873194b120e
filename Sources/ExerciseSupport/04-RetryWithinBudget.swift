/// How long exercise 4's retries may go on: the wait before the first retry (each later wait is
/// twice the one before), and the time after the first attempt by which every wait must be over.
public struct RetryBudget: Sendable, Equatable {
    /// The wait before the first retry.
    public let firstWait: Duration
    /// How long after the first attempt every wait must be over.
    public let total: Duration

    /// Makes a budget from its first wait and its total.
    public init(firstWait: Duration, total: Duration) {
        self.firstWait = firstWait
        self.total = total
    }
}
