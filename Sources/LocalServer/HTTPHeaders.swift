/// Header fields in the order they were written, looked up without regard to case.
///
/// HTTP field names are case-insensitive, so `headers["content-type"]` finds a field sent as
/// `Content-Type`. Each field keeps the spelling it arrived (or was added) with.
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One header line: a name and its value.
    public struct Field: Sendable, Equatable {
        /// The field name, spelled as it was sent or added.
        public var name: String
        /// The field value, as one string.
        public var value: String

        /// Makes a field from its name and value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every field, in order, duplicates included.
    public private(set) var fields: [Field]

    /// Makes headers holding `fields` in the given order; by default none.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Makes headers from a literal such as `["Content-Type": "text/plain"]`, in the order written, so a
    /// handler can spell its headers the way they will be sent.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the named field; setting replaces every field of that name (`nil` removes them).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value }
        set {
            let position = fields.firstIndex { $0.name.equalsIgnoringASCIICase(name) } ?? fields.endIndex
            fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
            if let newValue {
                fields.insert(Field(name: name, value: newValue), at: position)
            }
        }
    }

    /// Every value of the named field, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    /// Whether any field of that name is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// Appends a field, keeping any already present with the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Whether the named field's comma-separated values include `token` (as `Connection: close` does).
    func hasToken(_ token: String, in name: String) -> Bool {
        fields.contains { field in
            field.name.equalsIgnoringASCIICase(name)
                && field.value.split(separator: ",").contains {
                    $0.trimmingSpaces().equalsIgnoringASCIICase(token)
                }
        }
    }
}

extension StringProtocol {
    /// ASCII case-insensitive comparison, which is what HTTP names and tokens need, without allocating.
    func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        let left = utf8
        let right = other.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }

    /// The text without leading or trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        let text = Substring(self)
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map(text.index(after:)) ?? start
        return text[start..<Swift.max(start, end)]
    }
}

extension UInt8 {
    var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }
}
