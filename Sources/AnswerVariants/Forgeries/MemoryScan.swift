import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a process's memory could not be read: the file that would not open, and the error number.
public struct MemoryScanRefused: Error, CustomStringConvertible {
    /// The file under `/proc` that could not be opened.
    public let path: String
    /// The system's error number (`errno`) for it.
    public let error: Int32

    /// The path and the system's words for the error.
    public var description: String { "\(path): \(String(cString: strerror(error)))" }
}

/// Every run of exactly 32 hexadecimal digits in the writable memory of `process` (`self`, or a
/// process id), read through `/proc/<process>/maps` and `/proc/<process>/mem`: what a student's code
/// can do to look for a verdict seal's tokens. (Linux only; elsewhere it finds nothing.)
///
/// The forgeries that read memory use it, and a test uses it to prove the parent keeps no token.
public func hexTokens(inMemoryOf process: String) throws(MemoryScanRefused) -> Set<String> {
    let mapsPath = "/proc/\(process)/maps"
    let memPath = "/proc/\(process)/mem"
    let maps = try wholeFile(mapsPath)
    let memory = open(memPath, O_RDONLY)
    guard memory >= 0 else { throw MemoryScanRefused(path: memPath, error: errno) }
    defer { close(memory) }
    var found = Set<String>()
    let chunk = 1 << 22
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    for region in writableRegions(in: maps) {
        var address = region.lowerBound
        while address < region.upperBound {
            let wanted = min(chunk, Int(region.upperBound - address))
            let count = pread(memory, buffer.baseAddress, wanted, off_t(address))
            guard count > 0 else { break }
            let ends = address + UInt64(count) >= region.upperBound || count < wanted
            tokens(
                in: UnsafeRawBufferPointer(rebasing: buffer[..<count]),
                cutAtStart: address != region.lowerBound, cutAtEnd: !ends, into: &found)
            if ends { break }
            // Chunks overlap, so a run cut at one's end lies whole in the next.
            address += UInt64(chunk - 64)
        }
    }
    return found
}

/// Adds the runs of exactly 32 hex digits in `bytes` to `found`, but those that touch a cut end
/// (they may go on beyond it). A run of 32 covers three whole 8-byte words, so only words whose
/// first byte is a hex digit are looked at closely: memory is mostly zeros and pointers.
private func tokens(
    in bytes: UnsafeRawBufferPointer, cutAtStart: Bool, cutAtEnd: Bool, into found: inout Set<String>
) {
    isHexDigit.withUnsafeBufferPointer { hex in
        var word = 0
        while word + 8 <= bytes.count {
            // Most words fail at their first byte (memory is mostly zeros and pointers): tested
            // alone first, a debug build scans a check process in a quarter of a second, not eleven.
            guard hex[Int(bytes[word])], (1..<8).allSatisfy({ hex[Int(bytes[word + $0])] }) else {
                word += 8
                continue
            }
            var start = word
            while start > 0 && hex[Int(bytes[start - 1])] { start -= 1 }
            var end = word + 8
            while end < bytes.count && hex[Int(bytes[end])] { end += 1 }
            if end - start == 32 && !(cutAtStart && start == 0) && !(cutAtEnd && end == bytes.count) {
                found.insert(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            word = (end + 7) / 8 * 8
        }
    }
}

/// The whole of a file read to its end: `/proc` files report no size, and Foundation, reading
/// by the size, can stop short of the end.
private func wholeFile(_ path: String) throws(MemoryScanRefused) -> String {
    let file = open(path, O_RDONLY)
    guard file >= 0 else { throw MemoryScanRefused(path: path, error: errno) }
    defer { close(file) }
    var contents: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(file, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        contents += buffer.prefix(count)
    }
    return String(decoding: contents, as: UTF8.self)
}

/// The address ranges of the readable, writable mappings in a `maps` file: heap, stacks, anonymous
/// memory and programs' data, where values a program computes live.
private func writableRegions(in maps: String) -> [Range<UInt64>] {
    maps.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 2, fields[1].hasPrefix("rw"),
            !line.hasSuffix("[vvar]"), !line.hasSuffix("[vsyscall]")
        else { return nil }
        let bounds = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
        // A region over a gigabyte is a sanitizer's shadow memory, reserved and never written:
        // reading it through would take hours and find nothing.
        guard bounds.count == 2, bounds[0] < bounds[1], bounds[1] - bounds[0] <= 1 << 30 else { return nil }
        return bounds[0]..<bounds[1]
    }
}

/// For each byte, whether it is a hexadecimal digit, 0–9, a–f or A–F.
private let isHexDigit: [Bool] = (0..<256).map { byte in
    (48...57).contains(byte) || (97...102).contains(byte) || (65...70).contains(byte)
}
