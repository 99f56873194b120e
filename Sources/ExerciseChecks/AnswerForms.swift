import CheckProcesses
import ExerciseSupport

/// The code of an exercise that takes its answer as a publisher or as an `async` function: the
/// learner's file has both and names the one to check (see `AnswerForm`). The proof tests check the
/// other one too, so that the starter fails, and the solution passes, in either form.
public protocol AnswersInEitherForm: ExerciseCode {
    /// The form the checks run against.
    var form: AnswerForm { get }
    /// The same file's code with `form` checked instead; nil for code that has only one form (an
    /// answer variant, say).
    func answered(in form: AnswerForm) -> Self?
}
