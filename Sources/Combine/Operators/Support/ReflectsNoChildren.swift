/// A subscription or subscriber that, like Apple's for the same operator, reflects with no children and
/// shows its description in a playground.
@usableFromInline
internal protocol ReflectsNoChildren: CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{}

extension ReflectsNoChildren {
    @usableFromInline
    internal var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline
    internal var playgroundDescription: Any { description }
}
