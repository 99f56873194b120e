import Synchronization

/// The observers enabled now, in the order they were enabled, and the one flag `subscribe(_:)` reads
/// to learn that there are none, so that a pipeline built with none enabled pays a single load.
internal enum IntrospectionRegistry {
    private static let isActive = Atomic<Bool>(false)

    /// Whether at least one observer is enabled: the one load on every `subscribe(_:)`.
    @inline(__always)
    internal static var anyEnabled: Bool {
        isActive.load(ordering: .relaxed)
    }

    nonisolated(unsafe) private static var observers: [any _Introspection] = []
    private static let lock = Lock()

    internal static func enable(_ observer: any _Introspection) {
        lock.withLock {
            guard !observers.contains(where: { $0 === observer }) else { return }
            observers.append(observer)
            isActive.store(true, ordering: .releasing)
        }
    }

    internal static func disable(_ observer: any _Introspection) {
        lock.withLock {
            observers.removeAll { $0 === observer }
            isActive.store(!observers.isEmpty, ordering: .releasing)
        }
    }

    internal static func isEnabled(_ observer: any _Introspection) -> Bool {
        lock.withLock { observers.contains { $0 === observer } }
    }

    /// Calls `event` on each observer enabled at this moment, outside the lock, so that an observer
    /// may enable or disable observers, or subscribe, from inside an event.
    internal static func notify(_ event: (any _Introspection) -> Void) {
        guard anyEnabled else { return }
        let enabled = lock.withLock { observers }
        enabled.forEach(event)
    }
}
