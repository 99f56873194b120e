import Combine
import Foundation
import Testing

/// A model with two published properties, the shape of a typical view model.
private final class Profile: ObservableObject {
    @Published var name = "Ada"
    @Published var visits = 0
}

/// A subclass that adds a published property of its own to the two it inherits.
private final class StaffProfile: ObservableObjectBase {
    @Published var role = "engineer"
}

private class ObservableObjectBase: ObservableObject {
    @Published var badge = 1
}

/// An observable object with nothing published.
private final class Silent: ObservableObject {
    var note = "unobserved"
}

@Suite("Observation: ObservableObject and @Published")
struct ObservationTests {
    @Test func objectWillChangeFiresBeforeTheNewValueIsStored() {
        let profile = Profile()
        var namesSeenAtWillChange: [String] = []
        let subscription = profile.objectWillChange.sink { namesSeenAtWillChange.append(profile.name) }
        profile.name = "Grace"
        profile.name = "Barbara"
        #expect(namesSeenAtWillChange == ["Ada", "Grace"])
        #expect(profile.name == "Barbara")
        subscription.cancel()
    }

    @Test func everyPublishedPropertyFiresObjectWillChange() {
        let profile = Profile()
        var fired = 0
        let subscription = profile.objectWillChange.sink { fired += 1 }
        profile.name = "Grace"
        profile.visits += 1
        #expect(fired == 2)
        subscription.cancel()
    }

    @Test func objectWillChangeIsTheSamePublisherOnEveryRead() {
        let profile = Profile()
        #expect(profile.objectWillChange === profile.objectWillChange)
        #expect(profile.objectWillChange !== Profile().objectWillChange)
    }

    @Test func anObjectWithoutPublishedPropertiesGetsAFreshPublisherEachRead() {
        let silent = Silent()
        #expect(silent.objectWillChange !== silent.objectWillChange)
    }

    @Test func inheritedPublishedPropertiesFireObjectWillChange() {
        let staff = StaffProfile()
        var fired = 0
        let subscription = staff.objectWillChange.sink { fired += 1 }
        staff.badge = 2
        #expect(fired == 1)
        staff.role = "manager"
        #expect(fired == 2)
        subscription.cancel()
    }

    @Test func objectWillChangeStopsAfterCancel() {
        let profile = Profile()
        var fired = 0
        let subscription = profile.objectWillChange.sink { fired += 1 }
        profile.visits = 1
        subscription.cancel()
        profile.visits = 2
        #expect(fired == 1)
    }

    @Test func anObjectAtAReusedAddressGetsItsOwnPublisher() {
        // Objects made right after others of their size were freed often land on the freed
        // addresses; none may be handed an earlier object's publisher, nor reach its subscribers.
        // Rounds of twenty run until the allocator has reused an address a few times.
        let counter = Counter()
        var reuses = 0
        for _ in 0..<100 where reuses < 5 {
            var earlier = (0..<20).map { _ in Profile() }
            let earlierPublishers = Dictionary(
                uniqueKeysWithValues: earlier.map { (ObjectIdentifier($0), $0.objectWillChange) })
            let earlierSubscriptions = earlierPublishers.values.map { $0.sink { counter.add() } }
            earlier.removeAll()
            let profiles = (0..<20).map { _ in Profile() }
            for profile in profiles {
                guard let earlierPublisher = earlierPublishers[ObjectIdentifier(profile)] else { continue }
                reuses += 1
                #expect(profile.objectWillChange !== earlierPublisher)
                profile.visits += 1
            }
            #expect(counter.value == 0, "a new object's change reached an earlier object's subscriber")
            earlierSubscriptions.forEach { $0.cancel() }
        }
        #expect(reuses >= 5, "addresses were reused \(reuses) times, so too little was tested")
    }

    @Test func theProjectedPublisherDeliversTheCurrentValueThenEachNewOne() {
        let profile = Profile()
        let subscriber = TestSubscriber<Int, Never>()
        profile.$visits.subscribe(subscriber)
        profile.visits = 1
        profile.visits = 2
        #expect(subscriber.values == [0, 1, 2])
        #expect(subscriber.completions.isEmpty)
    }

    @Test func theProjectedPublisherDeliversBeforeThePropertyChanges() {
        let profile = Profile()
        var pairsSeen: [String] = []
        let subscription = profile.$name.sink { pairsSeen.append("\(profile.name)->\($0)") }
        profile.name = "Grace"
        #expect(pairsSeen == ["Ada->Ada", "Ada->Grace"])
        subscription.cancel()
    }

    @Test func objectWillChangeFiresBeforeTheProjectedPublisher() {
        let profile = Profile()
        var order: [String] = []
        let willChange = profile.objectWillChange.sink { order.append("objectWillChange") }
        let visits = profile.$visits.sink { order.append("$visits \($0)") }
        profile.visits = 7
        #expect(order == ["$visits 0", "objectWillChange", "$visits 7"])
        willChange.cancel()
        visits.cancel()
    }

    @Test func theProjectedPublisherHonoursDemand() {
        let profile = Profile()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        profile.$visits.subscribe(subscriber)
        #expect(subscriber.values == [0])
        profile.visits = 1
        profile.visits = 2
        #expect(subscriber.values == [0])
        // The values sent without demand were dropped; the next request gets the value as it is now.
        subscriber.request(.max(1))
        #expect(subscriber.values == [0, 2])
        profile.visits = 3
        #expect(subscriber.values == [0, 2])
        subscriber.request(.max(1))
        profile.visits = 4
        #expect(subscriber.values == [0, 2, 3])
    }

    @Test func subscriptionsDescribeThemselvesAsApplesDo() {
        let profile = Profile()
        let published = TestSubscriber<Int, Never>()
        profile.$visits.subscribe(published)
        let willChange = TestSubscriber<Void, Never>()
        profile.objectWillChange.subscribe(willChange)
        #expect(published.subscriptionDescriptions == ["PublishedSubject"])
        #expect(willChange.subscriptionDescriptions == ["ObservableObjectPublisher"])
    }

    @Test func assignToPublishedSetsThePropertyAndFiresObjectWillChange() {
        let source = Profile()
        let target = Profile()
        var fired = 0
        let subscription = target.objectWillChange.sink { fired += 1 }
        source.$visits.assign(to: &target.$visits)
        #expect(target.visits == 0)
        source.visits = 5
        #expect(target.visits == 5)
        // One change for the current value on subscribing, one for the new value.
        #expect(fired == 2)
        subscription.cancel()
    }

    @Test func assignToPublishedMakesNoRetainCycle() {
        let source = Profile()
        weak var released: Profile?
        do {
            let target = Profile()
            released = target
            // The pipeline is built inside the object, where a retain cycle would usually come from.
            target.follow(source)
            source.visits = 3
            #expect(target.visits == 3)
        }
        #expect(released == nil)
    }

    @Test func assignToPublishedCancelsItsSubscriptionWhenTheObjectGoesAway() {
        let upstream = TestPublisher<Int, Never>()
        do {
            let target = Profile()
            upstream.assign(to: &target.$visits)
            #expect(upstream.subscription?.history == [.requested(.unlimited)])
        }
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }
}

extension Profile {
    /// Mirrors `source`'s visit count into this profile's, the way a view model binds an input.
    fileprivate func follow(_ source: Profile) {
        source.$visits.map { $0 }.assign(to: &$visits)
    }
}
