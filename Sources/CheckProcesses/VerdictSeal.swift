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

    /// The report in a check process's standard output that carries this seal, with the token its
    /// verdict calls for (the last, if several do); nil when no line does.
    public func report(in output: String) -> CheckReport? {
        output.split(separator: "\n").reversed().lazy.compactMap { line -> CheckReport? in
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, parts[0] == Self.marker, [passing, failing].contains(String(parts[1])),
                let report = try? JSONDecoder().decode(CheckReport.self, from: Data(parts[2].utf8)),
                (parts[1] == passing) == report.verdict.holds
            else { return nil }
            return report
        }.first
    }

    /// The word a sealed line starts with.
    private static let marker = "workbook-verdict"
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
