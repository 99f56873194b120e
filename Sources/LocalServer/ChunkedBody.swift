/// Removes the chunked transfer coding from a request body as its bytes arrive.
struct ChunkedBody {
    private enum Phase {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailer
    }

    private let maxBodyBytes: Int
    private let maxLineBytes: Int
    private var phase = Phase.size
    private var trailerBytes = 0
    private(set) var body: [UInt8] = []

    init(maxBodyBytes: Int, maxLineBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxLineBytes = maxLineBytes
    }

    /// Consumes what it can of `buffer` from `start`; true once the last chunk and any trailer are in.
    mutating func consume(_ buffer: [UInt8], from start: inout Int) throws(Rejection) -> Bool {
        while true {
            switch phase {
            case .size:
                guard let line = try nextLine(buffer, &start) else { return false }
                let size = try Self.chunkSize(line)
                guard size <= maxBodyBytes - body.count else { throw .bodyTooLarge(limit: maxBodyBytes) }
                phase = size == 0 ? .trailer : .data(remaining: size)
            case .data(let remaining):
                let available = min(remaining, buffer.count - start)
                guard available > 0 else { return false }
                body.append(contentsOf: buffer[start..<start + available])
                start += available
                phase = remaining == available ? .dataEnd : .data(remaining: remaining - available)
            case .dataEnd:
                guard let line = try nextLine(buffer, &start) else { return false }
                guard line.isEmpty else { throw .badRequest("chunk data longer than its size") }
                phase = .size
            case .trailer:
                guard let line = try nextLine(buffer, &start) else { return false }
                trailerBytes += line.count
                guard trailerBytes <= maxLineBytes else { throw .headTooLarge(limit: maxLineBytes) }
                if line.isEmpty { return true }
            }
        }
    }

    /// The next line without its line break, or `nil` when it has not fully arrived.
    private func nextLine(_ buffer: [UInt8], _ start: inout Int) throws(Rejection) -> ArraySlice<UInt8>? {
        guard let lineFeed = buffer[start...].firstIndex(of: ASCII.lineFeed) else {
            guard buffer.count - start <= maxLineBytes else { throw .badRequest("chunk line too long") }
            return nil
        }
        var line = buffer[start..<lineFeed]
        if line.last == ASCII.carriageReturn { line = line.dropLast() }
        start = lineFeed + 1
        return line
    }

    /// The hexadecimal size that starts a chunk line; extensions after `;` are ignored.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(Rejection) -> Int {
        let digits = line.prefix { ASCII.hexValue($0) != nil }
        let rest = line[digits.endIndex...].drop(while: ASCII.isBlank)
        guard (1...15).contains(digits.count), rest.isEmpty || rest.first == ASCII.semicolon else {
            throw .badRequest("malformed chunk size")
        }
        return digits.reduce(0) { $0 * 16 + ASCII.hexValue($1)! }
    }
}
