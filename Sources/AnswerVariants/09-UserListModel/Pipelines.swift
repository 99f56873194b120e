import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// How answers to exercise 9 load the list, each handed to `VariantListScreen`. They differ in where
// the status is checked, what is retried, what the ids decode as, and where the hop comes.

/// The source's request for the list.
private func listRequest(_ source: ListSource) -> URLSession.DataTaskPublisher {
    source.session.dataTaskPublisher(for: source.url)
}

/// The request with its status checked and failures that may pass retried (chapter 4's policy).
private func checkedAndRetried(_ source: ListSource) -> AnyPublisher<Data, APIError> {
    listRequest(source).validatingStatus(retrying: RetryPolicy(), scheduler: source.deliveryQueue)
}

/// The names in each body, decoded as a list of `Person` with the source's decoder.
private func names<Person: Decodable & Named>(
    as person: Person.Type, in bodies: some Publisher<Data, APIError>, _ source: ListSource
) -> AnyPublisher<[String], APIError> {
    bodies.decoding([Person].self, using: source.decoder)
        .map { people in people.map(\.name) }
        .eraseToAnyPublisher()
}

extension Publisher where Output == [String], Failure == APIError {
    /// The names, sent on to the screen's delivery queue.
    fileprivate func delivered(_ source: ListSource) -> AnyPublisher<[String], APIError> {
        receive(on: source.deliveryQueue).eraseToAnyPublisher()
    }
}

/// The reviewed chain: the status checked and failures that may pass retried, decoded where the
/// response arrives, and only the names sent to the delivery queue.
@Sendable func reviewedPipeline(_ source: ListSource) -> AnyPublisher<[String], APIError> {
    names(as: ListedPerson.self, in: checkedAndRetried(source), source).delivered(source)
}

/// Wrong: the hop to the delivery queue comes before decoding, which then runs there.
@Sendable func hopsBeforeDecoding(_ source: ListSource) -> AnyPublisher<[String], APIError> {
    names(as: ListedPerson.self, in: checkedAndRetried(source).receive(on: source.deliveryQueue), source)
}

/// Wrong: no status check, so a 404's or a 500's body goes to the decoder and the message blames
/// the data.
@Sendable func decodedUnchecked(_ source: ListSource) -> AnyPublisher<[String], APIError> {
    let bodies = listRequest(source).map(\.data).mapError { failure in APIError.transport(failure.code) }
    return names(as: ListedPerson.self, in: bodies, source).delivered(source)
}

/// Wrong: `retry(3)` left before the status check, where a 503 is not a failure yet.
@Sendable func retriedBeforeValidation(_ source: ListSource) -> AnyPublisher<[String], APIError> {
    names(as: ListedPerson.self, in: listRequest(source).retry(3).validatingStatus(), source).delivered(
        source)
}

/// Wrong: `retry(2)` after the status check: a 503 is retried, and so is a 404, which will be
/// missing every time.
@Sendable func everyStatusRetried(_ source: ListSource) -> AnyPublisher<[String], APIError> {
    names(as: ListedPerson.self, in: listRequest(source).validatingStatus().retry(2), source).delivered(
        source)
}

/// Wrong: the ids kept as `UUID`, as the article's model had them, so no list the server sends
/// decodes.
@Sendable func uuidIDs(_ source: ListSource) -> AnyPublisher<[String], APIError> {
    names(as: UUIDListedPerson.self, in: checkedAndRetried(source), source).delivered(source)
}

/// Right, another way: decoded on a serial queue of its own, then sent to the delivery queue.
///
/// Serial, not `DispatchQueue.global()`: `receive(on:)` schedules the value and the completion as
/// separate work items, which a concurrent queue may run in either order, and a completion that
/// runs first ends the stream and the value is dropped. Measured here: 8 of 2,000 values sent
/// with their completion were lost with four busy processes running, none of 2,000 on a quiet
/// machine. OpenCombine's issue 234 reports the same of Apple's Combine (not measured here).
@Sendable func decodedOnAQueueOfItsOwn(_ source: ListSource) -> AnyPublisher<[String], APIError> {
    let bodies = checkedAndRetried(source).receive(on: DispatchQueue(label: "decoding"))
    return names(as: ListedPerson.self, in: bodies, source).delivered(source)
}
