import Foundation
import LoopbackLab
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the workbook knows about a downloaded picture. Linux has no `UIImage`, and the chapter
/// needs only the facts a PNG's header gives: its size.
struct ImageDescription: Equatable, Sendable, CustomStringConvertible {
    var width: Int
    var height: Int

    var description: String { "\(width)×\(height) PNG" }
}

// excerpt: validated-image
/// The check all three ways share, synchronous and free of networking so it can be tested alone:
/// the status must be 2xx, the body must start with the PNG signature, and the first chunk must be
/// `IHDR`, whose first eight bytes are the width and the height, big-endian.
nonisolated func validatedImage(_ data: Data, _ response: URLResponse) -> Result<ImageDescription, APIError> {
    let status = response.httpStatus ?? 0
    guard 200...299 ~= status else { return .failure(.status(status)) }
    let bytes = [UInt8](data)
    guard bytes.count >= 24, bytes.starts(with: PNGImage.signature),
        bytes[12..<16].elementsEqual("IHDR".utf8)
    else { return .failure(.decoding) }
    let number = { (start: Int) in bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) } }
    return .success(ImageDescription(width: number(16), height: number(20)))
}
// end excerpt
