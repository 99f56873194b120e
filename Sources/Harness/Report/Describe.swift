import Foundation
import Quantities
import URLErrorNames

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a subscriber received, in words: `no value, no completion`, `1 value, 1 completion`.
public func deliverySummary(values: Int, completions: Int) -> String {
    (values == 0 ? "no value" : counted(values, "value")) + ", "
        + (completions == 0 ? "no completion" : counted(completions, "completion"))
}

/// An outcome as a report shows it: the values and `finished`, or the failure.
public func describe<Value, Failure>(_ outcome: Result<[Value], Failure>) -> String {
    switch outcome {
    case .success(let values) where values.isEmpty: "no value, finished"
    case .success(let values):
        "[" + values.map { String(describing: $0) }.joined(separator: ", ") + "], finished"
    case .failure(let failure): "failed: " + describe(failure: failure)
    }
}

/// An outcome that may not have come, as a report shows it: as `describe(_:)` says it, or
/// `no completion within 1200 ms` when the publisher had not completed by the end of `wait`.
/// Never `finished` for a publisher that did not finish.
public func describe<Value, Failure>(_ outcome: Result<[Value], Failure>?, within wait: Duration) -> String {
    outcome.map { describe($0) } ?? "no completion within \(Int(wait.milliseconds.rounded())) ms"
}

/// A failure named by its type and case, the way a reader would look it up:
/// `URLError.cannotConnectToHost`, `DecodingError.keyNotFound(id)`.
public func describe(failure: any Error) -> String {
    switch failure {
    case let error as URLError:
        "URLError" + error.code.caseName
    case let error as DecodingError:
        "DecodingError." + error.caseName
    default:
        String(describing: failure)
    }
}

extension DecodingError {
    /// The case, with the key for a missing key: `keyNotFound(id)`, `dataCorrupted`.
    fileprivate var caseName: String {
        switch self {
        case .typeMismatch(let type, _): "typeMismatch(\(type))"
        case .valueNotFound(let type, _): "valueNotFound(\(type))"
        case .keyNotFound(let key, _): "keyNotFound(\(key.stringValue))"
        case .dataCorrupted: "dataCorrupted"
        @unknown default: "\(self)"
        }
    }
}
