import Combine
import Foundation
import Testing

private struct User: Codable, Equatable {
    let id: Int
    let name: String
}

@Suite("Foundation: JSON and property-list coders as top-level coders")
struct FoundationCoderTests {
    private let ada = User(id: 1, name: "Ada Lovelace")

    /// Encodes with one top-level coder and decodes with another, knowing nothing else about them.
    private func roundTrip<Encoder: TopLevelEncoder, Decoder: TopLevelDecoder>(
        _ user: User, _ encoder: Encoder, _ decoder: Decoder
    ) throws -> User where Encoder.Output == Decoder.Input {
        try decoder.decode(User.self, from: encoder.encode(user))
    }

    @Test func jsonCodersRoundTripAsTopLevelCoders() throws {
        #expect(try roundTrip(ada, JSONEncoder(), JSONDecoder()) == ada)
    }

    @Test func propertyListCodersRoundTripAsTopLevelCoders() throws {
        #expect(try roundTrip(ada, PropertyListEncoder(), PropertyListDecoder()) == ada)
    }

    @Test func decodeTakesAJSONDecoder() {
        let subscriber = TestSubscriber<User, Error>()
        let json = JSONDecoder()
        Just(Data(#"{"id": 1, "name": "Ada Lovelace"}"#.utf8))
            .decode(type: User.self, decoder: json)
            .subscribe(subscriber)
        #expect(subscriber.values == [ada])
    }

    @Test func encodeTakesAJSONEncoder() throws {
        let subscriber = TestSubscriber<Data, Error>()
        Just(ada).encode(encoder: JSONEncoder()).subscribe(subscriber)
        let data = try #require(subscriber.values.first)
        #expect(try JSONDecoder().decode(User.self, from: data) == ada)
    }
}
