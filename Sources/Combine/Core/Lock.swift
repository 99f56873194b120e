#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The module's one lock: a pthread mutex at a fixed heap address.
///
/// A value type, so that subscriptions hold it inline with no extra object; the owner calls
/// `deallocate()` from its `deinit`. Made recursive only where a subscriber may legitimately
/// call back into the same object while it holds the lock.
///
/// Class properties that only change under a `Lock` are marked `@exclusivity(unchecked)`: the lock
/// already makes every access exclusive, and Swift's runtime exclusivity check would otherwise cost
/// a thread-local lookup on each access, on every value.
@usableFromInline
internal struct Lock {
    @usableFromInline
    internal let mutex: UnsafeMutablePointer<pthread_mutex_t>

    internal init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    @inlinable
    internal func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable
    internal func unlock() {
        pthread_mutex_unlock(mutex)
    }

    @inlinable
    internal func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    internal func deallocate() {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}
