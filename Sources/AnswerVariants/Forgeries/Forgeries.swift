import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Answers that try to pass without doing the exercise, by writing a verdict of their own where a
// check's verdict might be looked for and ending the process as a finished check's process does.
// Each uses only what a student's file can reach: Foundation and the C library. They answer
// exercise 2, whose code the checks call at once; any exercise would do.

/// Every way of forging tried here, each ending the process with status 0.
enum Forgery: CaseIterable {
    /// The four-line forgery of a check process that named its verdict file on its command line:
    /// a passing verdict written to every argument and environment value that could name one.
    case verdictFileNamedToIt
    /// A passing verdict, plain and as a sealed line with a guessed token, written to every
    /// descriptor the process has open, inherited ones first.
    case everyDescriptor
    /// The same two lines printed on standard output.
    case standardOutput
    /// An exit with status 0 before the check has measured anything.
    case earlyExit
    /// Whatever standard input still holds (the seal came that way), sent back as a sealed line.
    case sealReadBack

    var name: String {
        switch self {
        case .verdictFileNamedToIt:
            "forged: a verdict written to the files its command line and environment name"
        case .everyDescriptor: "forged: a verdict written to every open descriptor"
        case .standardOutput: "forged: a verdict printed on standard output"
        case .earlyExit: "forged: exit(0) before the check measures anything"
        case .sealReadBack: "forged: what standard input holds, sent back as the seal"
        }
    }

    /// What each check measures of it: a process that ended without a verdict, or output refused
    /// for the guessed sealed line it holds.
    var rejection: String {
        switch self {
        case .everyDescriptor, .standardOutput: "its output was refused"
        case .verdictFileNamedToIt, .earlyExit, .sealReadBack: "the check did not finish"
        }
    }

    func commit() -> Never {
        switch self {
        case .verdictFileNamedToIt:
            let named = CommandLine.arguments.dropFirst() + ProcessInfo.processInfo.environment.values
            for path in named where path.hasSuffix(".json") {
                try? Data(forgedVerdict.utf8).write(to: URL(filePath: path))
            }
        case .everyDescriptor:
            // A descriptor whose other end has gone would otherwise stop the process with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            for descriptor in Int32(0)..<256 where fcntl(descriptor, F_GETFD) != -1 {
                writeAll(forgedLines, to: descriptor)
            }
        case .standardOutput:
            print(forgedLines, terminator: "")
        case .earlyExit:
            break
        case .sealReadBack:
            let held = FileHandle.standardInput.readDataToEndOfFile()
            let tokens = String(decoding: held, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            print(tokens.map { "workbook-verdict \($0) \(forgedVerdict)" }.joined(separator: "\n"))
        }
        exit(0)
    }
}

/// A passing verdict as a check's process wrote it before verdicts were sealed.
private let forgedVerdict = #"{"expected":"forged","measured":"forged","holds":true}"#

/// The forged verdict as it was written, then as a sealed line whose token is a guess.
private let forgedLines =
    forgedVerdict + "\n" + "workbook-verdict " + String(repeating: "0", count: 32) + " " + forgedVerdict
    + "\n"

private func writeAll(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

let forgeries: [AnswerVariant] = Forgery.allCases.map { forgery in
    .forging(
        2, forgery.name,
        ValidatedBodyCode { _ -> AnyPublisher<Data, ServiceFailure> in forgery.commit() },
        measuring: forgery.rejection)
}
