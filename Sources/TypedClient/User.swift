/// A user as the server's `/users/{id}` route sends it: `{"id": 1, "name": "Ada Lovelace"}`.
public struct User: Codable, Equatable, Sendable {
    public let id: Int
    public let name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}
