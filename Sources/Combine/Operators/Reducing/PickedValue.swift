/// Which matching value `first` and `last` answer with: the one difference between them, whose
/// publishers all subscribe through `subscribePicking` below.
internal enum PickedValue {
    /// `first`: the first match settles the answer, which cancels the upstream.
    case first
    /// `last`: each match replaces the one before; the answer waits for the upstream to finish.
    case last

    /// The fold of a `ReducingSubscription` that keeps the values `isMatch` accepts as this pick says.
    fileprivate func fold<Value>(matching isMatch: @escaping (Value) -> Bool) -> (inout Value?, Value) -> Bool
    {
        { answer, value in
            guard isMatch(value) else { return false }
            return keep(value, as: &answer)
        }
    }

    /// `fold(matching:)` for a predicate that may throw: what it throws ends the stream.
    fileprivate func fold<Value>(
        tryMatching isMatch: @escaping (Value) throws -> Bool
    ) -> (inout Value?, Value) throws -> Bool {
        { answer, value in
            guard try isMatch(value) else { return false }
            return keep(value, as: &answer)
        }
    }

    /// Keeps `value` as the answer; returns whether that settles it.
    private func keep<Value>(_ value: Value, as answer: inout Value?) -> Bool {
        answer = value
        return self == .first
    }
}

extension Publisher {
    /// Answers `downstream` with the first or last value that `isMatch` accepts, or with just the
    /// finish when none does.
    internal func subscribePicking<Downstream: Subscriber>(
        _ pick: PickedValue, named description: String, matching isMatch: @escaping (Output) -> Bool,
        for downstream: Downstream
    ) where Downstream.Input == Output, Downstream.Failure == Failure {
        subscribeReducing(
            downstream, named: description, initial: Output?.none, fold: pick.fold(matching: isMatch),
            answer: { $0 })
    }

    /// `subscribePicking` with a predicate that may throw.
    internal func subscribePicking<Downstream: Subscriber>(
        _ pick: PickedValue, named description: String,
        tryMatching isMatch: @escaping (Output) throws -> Bool,
        for downstream: Downstream
    ) where Downstream.Input == Output, Downstream.Failure == Error {
        subscribeReducing(
            downstream, named: description, initial: Output?.none, tryFold: pick.fold(tryMatching: isMatch),
            answer: { $0 })
    }
}
