import Foundation

/// The check process's side of a `VerdictSeal`: the two tokens themselves, read from standard
/// input, to seal the one report the process writes.
struct HeldSeal {
    private let passing: String
    private let failing: String

    /// The seal in the bytes the parent handed over, or nil when they are not one.
    init?(handedOver data: Data) {
        let tokens = String(decoding: data, as: UTF8.self).split(separator: " ").map {
            $0.trimmingCharacters(in: .newlines)
        }
        guard data.count == VerdictSeal.handedOverCount, tokens.count == 2,
            tokens.allSatisfy({ $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        else { return nil }
        (passing, failing) = (tokens[0], tokens[1])
    }

    /// The line a check process writes its report on, sealed with the token its verdict calls
    /// for: a line of its own, whatever the code under check left unfinished on the line before.
    func sealedLine(_ report: CheckReport) -> Data {
        let token = report.verdict.holds ? passing : failing
        let json = (try? JSONEncoder().encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return Data("\n\(VerdictSeal.marker) \(token) \(json)\n".utf8)
    }
}
