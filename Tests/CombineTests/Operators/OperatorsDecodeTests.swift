import Combine
import Foundation
import Testing

@Suite struct OperatorsDecodeTests {
    private struct User: Codable, Equatable {
        let id: Int
        let name: String
    }

    /// JSON through Foundation's coders, wrapped so these tests do not depend on the module's own
    /// `JSONDecoder`/`JSONEncoder` conformances.
    private struct JSONIn: TopLevelDecoder {
        func decode<T>(_ type: T.Type, from data: Data) throws -> T where T: Decodable {
            try JSONDecoder().decode(type, from: data)
        }
    }

    private struct JSONOut: TopLevelEncoder {
        func encode<T>(_ value: T) throws -> Data where T: Encodable {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return try encoder.encode(value)
        }
    }

    /// Encodes to a plain string, so an encoding failure can be made on purpose.
    private struct Describing: TopLevelEncoder {
        struct Refused: Error {}

        func encode<T>(_ value: T) throws -> String where T: Encodable {
            if let user = value as? User, user.id < 0 { throw Refused() }
            return "\(value)"
        }
    }

    @Test func decodeTurnsEachValueIntoTheDecodedType() {
        let upstream = TestPublisher<Data, ProbeError>()
        let subscriber = TestSubscriber<User, Error>(initialDemand: .max(2), demandPerValue: .max(1))
        upstream.decode(type: User.self, decoder: JSONIn()).subscribe(subscriber)

        #expect(upstream.send(Data(#"{"id":1,"name":"Ada"}"#.utf8)) == .max(1))
        upstream.send(completion: .finished)

        #expect(subscriber.values == [User(id: 1, name: "Ada")])
        #expect(subscriber.subscriptionDescriptions == ["Decode"])
        #expect(subscriber.completions.count == 1)
        #expect(upstream.subscription?.history == [.requested(.max(2))])
    }

    @Test func aDecodingErrorBecomesTheFailureAndCancelsTheUpstream() throws {
        let upstream = TestPublisher<Data, ProbeError>()
        let subscriber = TestSubscriber<User, Error>()
        upstream.decode(type: User.self, decoder: JSONIn()).subscribe(subscriber)

        upstream.send(Data(#"{"id":"one"}"#.utf8))
        upstream.send(Data(#"{"id":2,"name":"Bo"}"#.utf8))

        #expect(subscriber.values.isEmpty)
        let completion = try #require(subscriber.completions.first)
        guard case .failure(let error) = completion else {
            Issue.record("expected a failure, got \(completion)")
            return
        }
        #expect(error is DecodingError)
        #expect(subscriber.completions.count == 1)
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func decodePassesTheUpstreamFailureOnAsAnyError() {
        let upstream = TestPublisher<Data, ProbeError>()
        let subscriber = TestSubscriber<User, Error>()
        upstream.decode(type: User.self, decoder: JSONIn()).subscribe(subscriber)

        upstream.send(completion: .failure(ProbeError(4)))

        #expect(subscriber.completions.map(failureCode) == [4])
    }

    @Test func encodeThenDecodeRoundTrips() {
        let subscriber = TestSubscriber<User, Error>()
        let users = [User(id: 1, name: "Ada"), User(id: 2, name: "Bo")]
        users.publisher.encode(encoder: JSONOut()).decode(type: User.self, decoder: JSONIn()).subscribe(
            subscriber)

        #expect(subscriber.values == users)
        #expect(subscriber.completions.count == 1)
    }

    @Test func encodeDescribesItsSubscriptionAndFailsWithTheEncodingError() {
        let upstream = TestPublisher<User, ProbeError>()
        let subscriber = TestSubscriber<String, Error>()
        upstream.encode(encoder: Describing()).subscribe(subscriber)

        upstream.send(User(id: 1, name: "Ada"))
        upstream.send(User(id: -1, name: "Nobody"))
        upstream.send(User(id: 3, name: "Cy"))

        #expect(subscriber.subscriptionDescriptions == ["Encode"])
        #expect(subscriber.values.count == 1)
        #expect(subscriber.completions.count == 1)
        #expect(
            subscriber.completions.first.map { completion in
                if case .failure(let error) = completion { return error is Describing.Refused }
                return false
            } == true)
        #expect(upstream.subscription?.isCancelled == true)
    }
}
