/// The storage behind one `@Published` property: its value, its subscribers, and the object's
/// `objectWillChange` publisher once someone has asked for it.
///
/// A new value is announced in the order Apple's `@Published` uses: `objectWillChange` first, then the
/// property's own subscribers, and only then is it stored, so that everyone notified still reads the
/// old value from the property. Subscribers get the current value on their first demand, and a
/// subscriber that missed a value for want of demand gets the latest one when it next asks.
internal final class PublishedSubject<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var currentValue: Value
    private let subscribers: SubjectCore<Value, Never>
    private var willChange: ObservableObjectPublisher?
    private var ownerID: ObjectIdentifier?
    /// Subscriptions made by `assign(to:)`, cancelled when the property goes away.
    private var assignments: [Subscription] = []

    internal init(_ value: Value) {
        currentValue = value
        subscribers = SubjectCore(name: "PublishedSubject", memory: .latest(value))
    }

    deinit {
        if let ownerID, let willChange {
            WillChangeRegistry.forget(ownerID, publisher: willChange)
        }
        for assignment in assignments {
            assignment.cancel()
        }
        lock.deallocate()
    }

    internal var value: Value {
        lock.withLock { currentValue }
    }

    internal func send(_ newValue: Value) {
        lock.withLock { willChange }?.send()
        subscribers.send(newValue)
        lock.withLock { currentValue = newValue }
    }

    internal func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == Value {
        subscribers.attach(subscriber, holding: nil)
    }

    /// Keeps an `assign(to:)` subscription alive for as long as the property lives.
    internal func adopt(_ assignment: Subscription) {
        lock.withLock { assignments.append(assignment) }
    }

    /// Lets go of an `assign(to:)` subscription whose upstream has finished.
    internal func release(_ assignmentID: CombineIdentifier) {
        // The removed subscription is handed out of the lock so that it is released after unlocking.
        _ = lock.withLock {
            assignments.firstIndex { $0.combineIdentifier == assignmentID }.map { assignments.remove(at: $0) }
        }
    }
}

extension PublishedSubject: ChangeAnnouncing {
    internal func announceChanges(to publisher: ObservableObjectPublisher, ownerID: ObjectIdentifier) {
        lock.withLock {
            willChange = publisher
            self.ownerID = ownerID
        }
    }
}
