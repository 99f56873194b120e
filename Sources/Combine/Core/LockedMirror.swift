extension Lock {
    /// A mirror of `subject` whose children are read while this lock is held, for the subscriptions
    /// that show their guarded state to `dump` and debuggers as Apple's do.
    internal func mirror(of subject: Any, children: () -> KeyValuePairs<String, Any>) -> Mirror {
        withLock { Mirror(subject, children: children()) }
    }
}
