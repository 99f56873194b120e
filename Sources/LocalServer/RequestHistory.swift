/// Every request recorded so far, kept in fixed-size chunks so that recording one never moves the
/// ones before it, with counts by path so that waiters are checked without scanning the history.
struct RequestHistory {
    private static let chunkSize = 4096
    private var chunks: [[HTTPRequest]] = []
    private var countsByPath: [String: Int] = [:]
    private(set) var count = 0

    mutating func append(_ request: HTTPRequest) {
        if chunks.last.map({ $0.count == Self.chunkSize }) ?? true {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(request)
        count += 1
        countsByPath[request.path, default: 0] += 1
    }

    /// Every request, in arrival order.
    var all: [HTTPRequest] { Array(chunks.joined()) }

    /// How many arrived for `path`, or in all when `path` is `nil`.
    func count(path: String?) -> Int {
        path.map { countsByPath[$0] ?? 0 } ?? count
    }

    /// The `number`-th request (from 1) for `path`, or of all when `path` is `nil`.
    func request(number: Int, path: String?) -> HTTPRequest? {
        guard count(path: path) >= number else { return nil }
        guard let path else { return chunks[(number - 1) / Self.chunkSize][(number - 1) % Self.chunkSize] }
        return chunks.joined().lazy.filter { $0.path == path }.dropFirst(number - 1).first
    }
}
