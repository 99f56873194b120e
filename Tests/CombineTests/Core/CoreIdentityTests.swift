import Combine
import Testing

/// How identifiers and erased subscribers present themselves, as Apple's do.
@Suite struct CoreIdentityTests {
    // Apple: the identifier made from an object prints as that object's address.
    @Test func anObjectsIdentifierDescribesItselfAsTheObjectsAddress() {
        final class Object {}
        let object = Object()

        #expect(
            CombineIdentifier(object).description
                == "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16))
    }

    // Apple: an AnySubscriber made of closures reflects as its description, a plain string.
    @Test func aClosureAnySubscriberReflectsAsAString() {
        let subscriber = AnySubscriber<Int, Never>()
        let mirror = Mirror(reflecting: subscriber)

        #expect(String(describing: mirror.subjectType) == "String")
        #expect(mirror.children.isEmpty)
    }
}
