import Foundation
import Harness

/// The secret that tells a check's own verdict from one the code under check wrote.
///
/// The code under check runs inside the check process, so it can write to any file that process
/// was told of, any descriptor it inherited, and its standard output, and it can end the process.
/// `workbook check` therefore hands each check process a fresh seal on standard input, which the
/// process reads and closes before any of that code runs, and accepts only a report that carries
/// it. A seal is two random tokens: a verdict that holds carries `passing`, one that does not
/// carries `failing`, so even code that caught the process's own report of a failure would learn
/// nothing that could pass.
public struct VerdictSeal: Sendable, Equatable {
    let passing: String
    let failing: String

    /// A seal no one has seen: 128 random bits per token, from the system's secure generator.
    public static func fresh() -> VerdictSeal {
        var generator = SystemRandomNumberGenerator()
        func token() -> String {
            (0..<2).map { _ in
                let text = String(generator.next() as UInt64, radix: 16)
                return String(repeating: "0", count: 16 - text.count) + text
            }.joined()
        }
        return VerdictSeal(passing: token(), failing: token())
    }

    /// The bytes the parent writes on the check process's standard input.
    public var handedOver: Data { Data("\(passing) \(failing)\n".utf8) }

    /// How many bytes `handedOver` is: the check process reads exactly this many.
    static let handedOverCount = 66

    /// The seal in `handedOver`'s bytes, or nil when they are not one.
    init?(handedOver data: Data) {
        let tokens = String(decoding: data, as: UTF8.self).split(separator: " ").map {
            $0.trimmingCharacters(in: .newlines)
        }
        guard data.count == Self.handedOverCount, tokens.count == 2,
            tokens.allSatisfy({ $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        else { return nil }
        self.init(passing: tokens[0], failing: tokens[1])
    }

    private init(passing: String, failing: String) {
        self.passing = passing
        self.failing = failing
    }

    /// The line a check process writes its report on, sealed with the token its verdict calls
    /// for: a line of its own, whatever the code under check left unfinished on the line before.
    func sealedLine(_ report: CheckReport) -> Data {
        let token = report.verdict.holds ? passing : failing
        let json = (try? JSONEncoder().encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return Data("\n\(Self.marker) \(token) \(json)\n".utf8)
    }

    /// What a check process's standard output comes to under this seal: the report of its one
    /// sealed line, or a refusal when it holds more than one line that starts as a sealed line does,
    /// or one sealed with a token that is not this seal's (a forger prints many, or guesses).
    public func reading(_ output: String) -> SealedOutput {
        let marked = output.split(separator: "\n").filter { $0.hasPrefix(Self.marker) }
        guard let line = marked.first else { return .noVerdict }
        guard marked.count == 1 else {
            return .refused("\(marked.count) verdict lines where a check writes one")
        }
        let parts = line.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, [passing, failing].contains(String(parts[1])) else {
            return .refused("a verdict line sealed with a token that is not its seal's")
        }
        guard parts.count == 3,
            let report = try? JSONDecoder().decode(CheckReport.self, from: Data(parts[2].utf8)),
            (parts[1] == passing) == report.verdict.holds
        else { return .noVerdict }
        return .report(report)
    }

    /// The word a sealed line starts with.
    private static let marker = "workbook-verdict"
}

/// What the parent makes of a check process's standard output.
public enum SealedOutput: Sendable, Equatable {
    /// One sealed line, with the token its verdict calls for.
    case report(CheckReport)
    /// No line carries a verdict this seal vouches for.
    case noVerdict
    /// The output bears marks of a forgery, said here: no verdict in it is taken.
    case refused(String)
}

/// What a check process reports: the check's verdict, and whether the code under check stalled.
public struct CheckReport: Codable, Sendable, Equatable {
    public let verdict: Verdict
    /// Set when the verdict is about code that never came back rather than the check's own measure.
    public let stall: Stall?

    public init(verdict: Verdict, stall: Stall? = nil) {
        self.verdict = verdict
        self.stall = stall
    }
}
