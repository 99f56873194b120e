/// The subscriptions of an operator's running inner publishers, kept in slots that are reused as
/// inner publishers finish, so adding and removing one costs no hashing and, once warm, no allocation.
///
/// Each inner publisher is named by its slot and a serial number of its own: a late event from one
/// that has already finished can never be taken for the slot's next occupant.
internal struct ChildSubscriptions {
    internal struct ID {
        fileprivate let slot: Int
        fileprivate let serial: Int
    }

    private struct Slot {
        /// The occupant's serial number; `nil` while the slot is free.
        var serial: Int?
        var subscription: Subscription?
    }

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var nextSerial = 0

    /// Inner publishers added and not yet removed, whether or not their subscription has arrived.
    internal private(set) var count = 0

    /// Makes room for a new inner publisher, whose subscription arrives later.
    internal mutating func add() -> ID {
        let serial = nextSerial
        nextSerial += 1
        count += 1
        if let slot = freeSlots.popLast() {
            slots[slot] = Slot(serial: serial, subscription: nil)
            return ID(slot: slot, serial: serial)
        }
        slots.append(Slot(serial: serial, subscription: nil))
        return ID(slot: slots.count - 1, serial: serial)
    }

    /// Records the subscription of `id`; `false` if `id` is gone or already has one.
    internal mutating func attach(_ subscription: Subscription, to id: ID) -> Bool {
        guard slots[id.slot].serial == id.serial, slots[id.slot].subscription == nil else { return false }
        slots[id.slot].subscription = subscription
        return true
    }

    /// The subscription of `id`, while it is running.
    internal func subscription(of id: ID) -> Subscription? {
        slots[id.slot].serial == id.serial ? slots[id.slot].subscription : nil
    }

    internal mutating func remove(_ id: ID) {
        guard slots[id.slot].serial == id.serial else { return }
        slots[id.slot] = Slot(serial: nil, subscription: nil)
        freeSlots.append(id.slot)
        count -= 1
    }

    /// Every subscription that has arrived.
    internal var all: [Subscription] {
        slots.compactMap(\.subscription)
    }

    /// Forgets every inner publisher and returns the subscriptions that had arrived.
    internal mutating func removeAll() -> [Subscription] {
        let released = all
        slots = []
        freeSlots = []
        count = 0
        return released
    }
}
