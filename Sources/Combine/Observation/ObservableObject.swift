/// An object that announces, through `objectWillChange`, that it is about to change.
///
/// A class that adopts it and declares `@Published` properties gets `objectWillChange` for free:
/// one `ObservableObjectPublisher` per instance, which fires before any of those properties,
/// its own or inherited, takes a new value.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The instance's publisher, the same object on every read; an object with no `@Published`
    /// property has nothing to announce and gets a new, silent publisher each time.
    public var objectWillChange: ObservableObjectPublisher {
        WillChangeRegistry.publisher(for: self)
    }
}
