import Foundation
import Verdicts

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The secret that tells a check's own verdict from one the code under check wrote.
///
/// The code under check runs inside the check process, so it can write to any file that process
/// was told of, any descriptor it inherited, and its standard output, and it can end the process.
/// `workbook check` therefore hands each check process a fresh seal on standard input, which the
/// process reads and closes before any of that code runs, and accepts only a report that carries
/// it. A seal is two random tokens: a verdict that holds carries `passing`, one that does not
/// carries `failing`, so even code that caught the process's own report of a failure would learn
/// nothing that could pass.
///
/// The parent keeps only the tokens' SHA-256 digests, so code that reads its memory (as root can,
/// through `/proc/<pid>/mem`) finds nothing to pass with. The tokens exist in the parent only in
/// one buffer, written from the system's random generator as hex digits, handed over and zeroed:
/// never in a `String`, `Data` or array that could leave a copy in freed memory. What Swift may
/// still leave is in registers and stack slots: the last random word drawn (half the failing
/// token, the one drawn last) can outlive the call in a stack slot until it is reused.
public struct VerdictSeal: Sendable, Equatable {
    let passingDigest: [UInt8]
    let failingDigest: [UInt8]

    /// A seal no one has seen, 128 random bits per token from the system's secure generator: its
    /// `handedOverCount` bytes (`passing failing\n`) are passed to `handOver`, which writes them
    /// where the check process reads them, then zeroed. The seal returned keeps only digests.
    public static func handOver(
        _ handOver: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows -> VerdictSeal {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: handedOverCount, alignment: 8)
        defer {
            wipe(bytes)
            bytes.deallocate()
        }
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        for word in 0..<4 {
            // Passing token in bytes 0..<32, failing in 33..<65.
            let start = word * 16 + (word >= 2 ? 1 : 0)
            var random = generator.next() as UInt64
            for offset in (0..<16).reversed() {
                bytes[start + offset] = digits[Int(random & 0xf)]
                random >>= 4
            }
        }
        bytes[32] = UInt8(ascii: " ")
        bytes[65] = UInt8(ascii: "\n")
        let seal = VerdictSeal(
            passingDigest: SHA256.digest(UnsafeRawBufferPointer(rebasing: bytes[0..<32])),
            failingDigest: SHA256.digest(UnsafeRawBufferPointer(rebasing: bytes[33..<65])))
        try handOver(UnsafeRawBufferPointer(bytes))
        return seal
    }

    /// How many bytes a seal is handed over in: the check process reads exactly this many.
    static let handedOverCount = 66

    /// Whether `token` is the seal's passing token (true), its failing one (false), or neither.
    func holds(for token: Substring) -> Bool? {
        let digest = SHA256.digest(Array(token.utf8))
        return digest == passingDigest ? true : digest == failingDigest ? false : nil
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
        guard parts.count >= 2, let holds = holds(for: parts[1]) else {
            return .refused("a verdict line sealed with a token that is not its seal's")
        }
        guard parts.count == 3,
            let report = try? JSONDecoder().decode(CheckReport.self, from: Data(parts[2].utf8)),
            holds == report.verdict.holds
        else { return .noVerdict }
        return .report(report)
    }

    /// The word a sealed line starts with.
    static let marker = "workbook-verdict"
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
    /// The check's verdict on the learner's code.
    public let verdict: Verdict
    /// Set when the verdict is about code that never came back rather than the check's own measure.
    public let stall: Stall?
    /// Which form of the learner's code the check ran against, for an exercise that takes more than
    /// one (see `ExerciseCode.checkedForm`).
    public let checkedForm: String?

    /// Makes the report a check process writes under its seal; most checks give only a verdict.
    public init(verdict: Verdict, stall: Stall? = nil, checkedForm: String? = nil) {
        self.verdict = verdict
        self.stall = stall
        self.checkedForm = checkedForm
    }
}

/// Zeroes `bytes` in a way the compiler may not drop as a store no one reads.
func wipe(_ bytes: UnsafeMutableRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    #if canImport(Glibc)
        explicit_bzero(base, bytes.count)
    #else
        _ = memset_s(base, bytes.count, 0, bytes.count)
    #endif
}
