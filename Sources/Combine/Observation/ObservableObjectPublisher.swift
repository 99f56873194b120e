/// The publisher an `ObservableObject` uses by default to say that it is about to change.
///
/// It sends `()` to every subscriber that has asked for anything at all, as Apple's does (a request
/// for one change brings every later change), and keeps nothing for the others.
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never

    private let core = SubjectCore<Void, Never>(
        name: "ObservableObjectPublisher", memory: .none, countsDemand: false)

    public init() {}

    public final func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == () {
        core.attach(subscriber, holding: nil)
    }

    /// Tells every subscriber that the object is about to change.
    public final func send() {
        core.send(())
    }
}
