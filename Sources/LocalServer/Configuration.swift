extension LocalServer {
    /// The limits that keep bad or greedy clients from hurting the server.
    public struct Configuration: Sendable {
        /// Request line plus header fields larger than this are answered `431` and the connection closed.
        public var maxHeadBytes: Int
        /// Bodies larger than this (declared or received) are answered `413` and the connection closed.
        public var maxBodyBytes: Int
        /// Connections beyond this many open at once are answered `503` and closed at once.
        public var maxConnections: Int
        /// A connection that waits this long for its next request without receiving a byte is closed.
        public var idleTimeout: Duration
        /// How many threads serve connections (each connection stays on one); handlers run on them.
        public var threads: Int

        /// Makes a set of limits; the defaults are the ones `LocalServer.start` uses when given none.
        public init(
            maxHeadBytes: Int = 16 * 1024, maxBodyBytes: Int = 1024 * 1024, maxConnections: Int = 256,
            idleTimeout: Duration = .seconds(60), threads: Int = 2
        ) {
            self.maxHeadBytes = maxHeadBytes
            self.maxBodyBytes = maxBodyBytes
            self.maxConnections = maxConnections
            self.idleTimeout = idleTimeout
            self.threads = threads
        }
    }
}
