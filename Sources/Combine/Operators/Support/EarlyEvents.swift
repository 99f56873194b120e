/// Which events that reach an operator before its upstream's subscription it acts on as if they had come
/// after, as each of Apple's operators chooses; it ignores the others.
internal enum EarlyEvents {
    case none
    case values
    case valuesAndCompletions

    var includesValues: Bool { self != .none }
    var includesCompletions: Bool { self == .valuesAndCompletions }
}

/// What a subscription that has just ended hands to the one caller that ended it: the upstream
/// subscription it held, if one had come (an operator that acts on early events can end without one).
internal struct EndedUpstream {
    let subscription: Subscription?
}
