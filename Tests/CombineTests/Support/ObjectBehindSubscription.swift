import Combine

/// What a subscriber or a subscription stands for, for tests that look at it rather than use it.
///
/// While an `_Introspection` observer is enabled anywhere in the process (another test, or a chapter
/// drawing its stage lanes), `subscribe(_:)` hands every subscriber a wrapper value in place of the
/// operator's subscription, and every publisher a wrapper in place of its subscriber, as Apple's
/// Combine does. The wrappers forward requests, cancels and descriptions but not mirrors, types or
/// identity, so a test that inspects those reads what the wrapper holds instead.
func behindIntrospection(_ value: Any) -> Any {
    guard !(type(of: value) is AnyClass),
        let base = Mirror(reflecting: value).children.first(where: { $0.label == "base" })?.value
    else { return value }
    return behindIntrospection(base)
}

/// The object a subscriber's subscription stands for, for tests that watch when it is freed:
/// boxing a wrapper value would make a new box that nothing else holds, which reads as freed at once.
func objectBehind(_ subscription: any Subscription) -> AnyObject {
    behindIntrospection(subscription) as AnyObject
}
