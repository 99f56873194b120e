extension Publisher {
    /// Replaces every `nil` value with `output`; Apple builds it as a plain `map`.
    public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Self.Output == T? {
        Publishers.Map(upstream: self) { $0 ?? output }
    }
}
