import Combine

/// The object a subscriber's subscription stands for, for tests that watch when it is freed.
///
/// While an `_Introspection` observer is enabled anywhere in the process (another test, or a chapter
/// drawing its stage lanes), `subscribe(_:)` hands every subscriber a wrapper value in place of the
/// operator's subscription, as Apple's Combine does. Boxing that value as an object would make a new
/// box that nothing else holds, so a weak reference to it would read as freed at once: the operator's
/// subscription is read from the wrapper instead.
func objectBehind(_ subscription: any Subscription) -> AnyObject {
    guard !(type(of: subscription) is AnyClass),
        let base = Mirror(reflecting: subscription).children.first(where: { $0.label == "base" })?.value
            as? any Subscription
    else { return subscription as AnyObject }
    return objectBehind(base)
}
