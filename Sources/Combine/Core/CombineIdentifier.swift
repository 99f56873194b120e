import Synchronization

/// A value that tells one subscription or subscriber apart from every other.
public struct CombineIdentifier: Hashable, CustomStringConvertible {
    private let rawValue: UInt64

    private static let counter = Atomic<UInt64>(0)

    /// A fresh identifier, different from every other made in this process.
    public init() {
        rawValue = Self.counter.add(1, ordering: .relaxed).newValue
    }

    /// The identifier of `obj`, equal for every call with the same live object: its address, which is
    /// what the description shows, as Apple's does.
    public init(_ obj: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj)))
    }

    public var description: String {
        "0x" + String(rawValue, radix: 16)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    public static func == (a: CombineIdentifier, b: CombineIdentifier) -> Bool {
        a.rawValue == b.rawValue
    }
}

/// A type that can name its own `CombineIdentifier`; classes get one from their identity.
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier {
        CombineIdentifier(self)
    }
}
