/// A user as the server's `/users/{id}` route sends it: `{"id": 1, "name": "Ada Lovelace"}`.
public struct User: Codable, Equatable, Sendable {
    /// The number the route takes in its path and sends back in the body.
    public let id: Int
    /// The name the server sends for this user.
    public let name: String

    /// Makes the user a test or a check expects the server to send.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}
