/// Where each observable object's `objectWillChange` publisher lives.
///
/// Swift offers no per-instance storage to a protocol extension, so the publisher is kept in a table
/// keyed by the object's identity. On first use, the object's stored properties (its superclasses'
/// too) are read by reflection, and the publisher is handed to each `@Published` property's storage,
/// which fires it on every change from then on. The entry holds the object weakly, so an address
/// reused by a later object is never mistaken for it, and the property storage removes the entry
/// when it goes away with its object.
internal enum WillChangeRegistry {
    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    private static let lock = Lock()
    nonisolated(unsafe) private static var entries: [ObjectIdentifier: Entry] = [:]

    internal static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        let id = ObjectIdentifier(object)
        if let publisher = lock.withLock({ livePublisher(id, object) }) {
            return publisher
        }
        let properties = publishedProperties(of: object)
        guard !properties.isEmpty else {
            return ObservableObjectPublisher()
        }
        // `properties` outlives the locked region, so no property storage can be released, and call
        // back into the registry, while the lock is held.
        return withExtendedLifetime(properties) {
            lock.withLock {
                if let publisher = livePublisher(id, object) {
                    return publisher
                }
                let publisher = ObservableObjectPublisher()
                entries[id] = Entry(object: object, publisher: publisher)
                for property in properties {
                    property.announceChanges(to: publisher, ownerID: id)
                }
                return publisher
            }
        }
    }

    /// Drops the entry for `id` if it still holds `publisher`; called as property storage goes away.
    internal static func forget(_ id: ObjectIdentifier, publisher: ObservableObjectPublisher) {
        lock.withLock {
            if entries[id]?.publisher === publisher {
                entries[id] = nil
            }
        }
    }

    /// The registered publisher of `object`, if its entry is for this very object; called locked.
    private static func livePublisher(
        _ id: ObjectIdentifier, _ object: AnyObject
    ) -> ObservableObjectPublisher? {
        guard let entry = entries[id], entry.object === object else { return nil }
        return entry.publisher
    }

    private static func publishedProperties(of object: AnyObject) -> [any ChangeAnnouncing] {
        var properties: [any ChangeAnnouncing] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let property = child.value as? any ChangeAnnouncing {
                    properties.append(property)
                }
            }
            mirror = current.superclassMirror
        }
        return properties
    }
}

/// Property storage that can be told which publisher to fire before each change: `@Published`.
internal protocol ChangeAnnouncing {
    func announceChanges(to publisher: ObservableObjectPublisher, ownerID: ObjectIdentifier)
}
