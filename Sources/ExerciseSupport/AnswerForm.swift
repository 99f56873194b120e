/// The form a learner answers an exercise in, for the exercises whose file offers two: the Combine
/// publisher the chapter teaches, or the `async` function of its "same rule in async/await"
/// section. The file names its choice in one constant (`loadUserForm`, say), and the checks run
/// against that function alone, measuring the same things either way.
public enum AnswerForm: Sendable, Equatable {
    /// The publisher: the chapter's Combine pipeline.
    case combine
    /// The `async` function: the same task written with `async`/`await`.
    case async
}
