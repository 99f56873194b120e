/// Why a request is refused before it reaches the handler: the status to answer and a short reason.
///
/// Every rejection is answered with `Connection: close`, since the rest of the stream cannot be trusted.
struct Rejection: Error, Equatable {
    let status: Int
    let reason: String

    static func badRequest(_ reason: String) -> Rejection {
        Rejection(status: 400, reason: reason)
    }

    static func headTooLarge(limit: Int) -> Rejection {
        Rejection(status: 431, reason: "request line and header fields exceed \(limit) bytes")
    }

    static func bodyTooLarge(limit: Int) -> Rejection {
        Rejection(status: 413, reason: "request body exceeds \(limit) bytes")
    }

    static let unsupportedTransferCoding = Rejection(
        status: 501, reason: "only chunked transfer coding is supported")

    static let unsupportedVersion = Rejection(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are supported")
}
