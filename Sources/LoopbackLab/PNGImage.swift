import Foundation

/// A small picture written out as real PNG bytes, built by code so the server has an image to send
/// without a file on disk: the signature, an `IHDR` chunk with the size, one `IDAT` chunk and `IEND`.
///
/// The pixels are 8-bit RGB, a gradient, and the compressed stream is zlib with stored (not
/// deflated) blocks: valid for every PNG reader, and short enough to check by hand.
public enum PNGImage {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The width, in pixels, of the picture the image routes send.
    public static let sampleWidth = 16
    /// The height, in pixels, of the picture the image routes send.
    public static let sampleHeight = 9

    /// The picture the image routes send, `sampleWidth` by `sampleHeight` pixels.
    public static let sample = Data(bytes(width: sampleWidth, height: sampleHeight))

    /// A `width` by `height` RGB picture as PNG bytes.
    public static func bytes(width: Int, height: Int) -> [UInt8] {
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        // Bit depth 8, colour type 2 (RGB), deflate compression, adaptive filtering, no interlace.
        header += [8, 2, 0, 0, 0]
        return signature + chunk("IHDR", header) + chunk("IDAT", zlibStored(scanlines(width, height)))
            + chunk("IEND", [])
    }

    /// Each row as PNG stores it before compression: filter type 0 (none), then the row's pixels.
    private static func scanlines(_ width: Int, _ height: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for row in 0..<height {
            bytes.append(0)
            for column in 0..<width {
                let red = UInt8(column * 255 / max(width - 1, 1))
                let green = UInt8(row * 255 / max(height - 1, 1))
                bytes += [red, green, 0x80]
            }
        }
        return bytes
    }

    /// One chunk: its length, its type, its data, and the CRC of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    /// A zlib stream holding `data` in stored blocks (at most 65,535 bytes each), then its Adler-32.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        // 0x78 0x01: deflate with a 32 KiB window, no preset dictionary, a header that checks.
        var stream: [UInt8] = [0x78, 0x01]
        let blocks = stride(from: 0, to: max(data.count, 1), by: 0xFFFF).map { start in
            data[start..<min(start + 0xFFFF, data.count)]
        }
        for (index, block) in blocks.enumerated() {
            let length = UInt16(block.count)
            stream.append(index == blocks.count - 1 ? 1 : 0)  // BFINAL on the last block; BTYPE 00, stored
            stream += littleEndian(length) + littleEndian(~length) + block
        }
        return stream + bigEndian(adler32(data))
    }

    /// The CRC-32 PNG uses (the one of zlib and Ethernet, reflected polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// zlib's Adler-32 checksum.
    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (low, high): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            low = (low + UInt32(byte)) % 65521
            high = (high + low) % 65521
        }
        return high << 16 | low
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private static func littleEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }
}
