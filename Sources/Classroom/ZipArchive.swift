import Foundation

/// A zip archive written in the simplest form every unzip reads: each file stored uncompressed,
/// with its CRC-32 and its Unix permissions (so that a script stays executable), no folders of
/// their own, no zip64 (each file and the whole archive under 4 GiB).
struct ZipArchive {
    private var body = Data()
    private var directory = Data()
    private var count: UInt16 = 0
    /// 00:00 on 1980-01-01 as zip's time and date fields (the date's day 1 and month 1 in its low bits).
    private let firstDay = UInt32(0x0021) << 16

    /// Adds `contents` as the file at `path` (folders separated by `/`), with Unix `permissions`.
    mutating func add(_ path: String, contents: Data, permissions: UInt16 = 0o644) {
        let name = Data(path.utf8)
        let crc = crc32(contents)
        let offset = UInt32(body.count)
        // The local header: signature, version 1.0, no flags, stored, dated 1 January 1980 at
        // midnight (zip's first day: the workbook's files carry no date worth keeping), the sizes.
        body.append(littleEndian: UInt32(0x0403_4b50))
        body.append(littleEndian: UInt16(10))
        body.append(littleEndian: UInt16(0))
        body.append(littleEndian: UInt16(0))
        body.append(littleEndian: firstDay)
        body.append(littleEndian: crc)
        body.append(littleEndian: UInt32(contents.count))
        body.append(littleEndian: UInt32(contents.count))
        body.append(littleEndian: UInt16(name.count))
        body.append(littleEndian: UInt16(0))
        body.append(name)
        body.append(contents)
        // The central directory's entry: made by Unix (3) so that the mode in the high half of the
        // external attributes counts, a regular file (0o100000) with `permissions`.
        directory.append(littleEndian: UInt32(0x0201_4b50))
        directory.append(littleEndian: UInt16(0x030A))
        directory.append(littleEndian: UInt16(10))
        directory.append(littleEndian: UInt16(0))
        directory.append(littleEndian: UInt16(0))
        directory.append(littleEndian: firstDay)
        directory.append(littleEndian: crc)
        directory.append(littleEndian: UInt32(contents.count))
        directory.append(littleEndian: UInt32(contents.count))
        directory.append(littleEndian: UInt16(name.count))
        directory.append(littleEndian: UInt16(0))
        directory.append(littleEndian: UInt16(0))
        directory.append(littleEndian: UInt16(0))
        directory.append(littleEndian: UInt16(0))
        directory.append(littleEndian: (UInt32(0o100000) | UInt32(permissions)) << 16)
        directory.append(littleEndian: offset)
        directory.append(name)
        count += 1
    }

    /// The whole archive: the files, the central directory, and its end record.
    var data: Data {
        var archive = body
        archive.append(directory)
        archive.append(littleEndian: UInt32(0x0605_4b50))
        archive.append(littleEndian: UInt16(0))
        archive.append(littleEndian: UInt16(0))
        archive.append(littleEndian: count)
        archive.append(littleEndian: count)
        archive.append(littleEndian: UInt32(directory.count))
        archive.append(littleEndian: UInt32(body.count))
        archive.append(littleEndian: UInt16(0))
        return archive
    }
}

/// The CRC-32 zip uses (the reflected polynomial 0xEDB88320), computed a byte at a time.
func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
        crc = crc32Table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
}

private let crc32Table: [UInt32] = (0..<256).map { index in
    (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
}

extension Data {
    fileprivate mutating func append<Number: FixedWidthInteger>(littleEndian number: Number) {
        Swift.withUnsafeBytes(of: number.littleEndian) { append(contentsOf: $0) }
    }
}
