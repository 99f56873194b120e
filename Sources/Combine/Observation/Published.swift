/// A property wrapper for a class's stored property that publishes every new value through `$name`.
///
/// `$name` delivers the current value when subscribed, then each new value as it is being set, before
/// it is stored. In an `ObservableObject`, setting the property also fires `objectWillChange` first.
/// It works only on properties of classes, where the enclosing-instance subscript gives it the object.
@propertyWrapper
public struct Published<Value> {
    private var subject: PublishedSubject<Value>

    public init(wrappedValue: Value) {
        subject = PublishedSubject(wrappedValue)
    }

    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    public static subscript<EnclosingSelf>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value where EnclosingSelf: AnyObject {
        get { object[keyPath: storageKeyPath].subject.value }
        set { object[keyPath: storageKeyPath].subject.send(newValue) }
    }

    /// The property's publisher. Assigning to `$name` changes only a copy, as with Apple's: the
    /// property keeps its own value and publisher.
    public var projectedValue: Published<Value>.Publisher {
        mutating get { Publisher(subject: subject) }
        _modify {
            var publisher = Publisher(subject: subject)
            yield &publisher
        }
    }

    /// The publisher of a `@Published` property's values, reached as `$name`.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        internal let subject: PublishedSubject<Value>

        public func receive<S>(subscriber: S) where Value == S.Input, S: Subscriber, S.Failure == Never {
            subject.receive(subscriber: subscriber)
        }
    }
}

extension Published: ChangeAnnouncing {
    internal func announceChanges(to publisher: ObservableObjectPublisher, ownerID: ObjectIdentifier) {
        subject.announceChanges(to: publisher, ownerID: ownerID)
    }
}
