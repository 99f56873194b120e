/// A value in a `let` of an object of its own.
///
/// Code holding the box through an unretained reference (`Unmanaged`, with
/// `_withUnsafeGuaranteedRef`) can call the value in place. Read out of a `var`, a class or closure
/// is retained and released around every call, which on a hot path costs more than the rest of a
/// delivery. The owner keeps the box alive by hand and releases it only when no call is using it.
internal final class ImmutableBox<Value> {
    internal let value: Value

    internal init(_ value: Value) {
        self.value = value
    }
}
