import Foundation
import LoopbackLab
import Testing

/// The sample picture checked against the checksums Python's `zlib` computes for the same pixels,
/// so the CRC-32 and Adler-32 written here are checked by an implementation that is not ours.
@Suite("PNG image")
struct PNGImageTests {
    private let png = [UInt8](PNGImage.sample)

    private func word(at offset: Int) -> UInt32 {
        png[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    @Test func theSampleIsSignatureIHDRIDATAndIENDWithTheirChecksums() {
        #expect(png.count == 509)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(word(at: 8) == 13)
        #expect(String(decoding: png[12..<16], as: UTF8.self) == "IHDR")
        #expect(word(at: 16) == 16)
        #expect(word(at: 20) == 9)
        #expect(word(at: 29) == 0xB448_3B65)
        #expect(word(at: 33) == 452)
        #expect(String(decoding: png[37..<41], as: UTF8.self) == "IDAT")
        #expect(word(at: 489) == 0x1D31_D739)
        #expect(word(at: 493) == 0x1B0A_132B)
        #expect(word(at: 497) == 0)
        #expect(String(decoding: png[501..<505], as: UTF8.self) == "IEND")
        #expect(word(at: 505) == 0xAE42_6082)
    }
}
