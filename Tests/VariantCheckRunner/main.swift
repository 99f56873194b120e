import AnswerVariants
import ExerciseChecks
import Foundation

// Runs one check against one answer variant, named by its description in the environment
// (`WORKBOOK_ANSWER_VARIANT="exercise 2: …"`), as `NameCheckRunner` runs one against a student's
// code: the tests start it for the variants that end their process or never return. It lives
// with the tests, which the student edition leaves out when they name an AnswerVariant.
let name = ProcessInfo.processInfo.environment["WORKBOOK_ANSWER_VARIANT"] ?? ""
guard let variant = answerVariants.first(where: { $0.description == name }) else {
    FileHandle.standardError.write(Data("VariantCheckRunner: no answer variant named “\(name)”\n".utf8))
    exit(2)
}
runCheckFromCommandLine(against: variant.code)
