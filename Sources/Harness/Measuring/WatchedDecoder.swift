import Foundation
import Locking
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `JSONDecoder` that notes where each of its decodes ran and how it ended.
///
/// `decode(type:decoder:)` calls its decoder on whichever thread hands it the data, so giving a
/// pipeline this decoder tells a chapter or a check which thread decoded, without a line of the
/// pipeline changing. Each decode is also drawn on the timeline's `decode` lane.
public final class WatchedDecoder: JSONDecoder, @unchecked Sendable {
    /// One decode: where it ran, and the failure it threw, if any.
    public struct Decode: Equatable, Sendable {
        /// The label of the Dispatch queue it ran on (`currentQueueLabel()`).
        public var queue: String
        /// Whether it ran on the main thread (`Thread.isMainThread`).
        public var onMainThread: Bool
        /// Whether it ran on the watched session's `delegateQueue`, where URLSession calls back.
        public var onDelegateQueue: Bool
        /// What it threw, as `describe(decodingFailure:)` words it; nil when it decoded.
        public var failure: String?
    }

    private let delegateQueue: ObjectIdentifier
    private let timeline = Timeline.current
    private let log = Locked<[Decode]>([])

    /// A decoder that tells `session`'s delegate queue from any other.
    public init(watching session: URLSession) {
        delegateQueue = ObjectIdentifier(session.delegateQueue)
        super.init()
    }

    /// Every decode so far, in order.
    public var decodes: [Decode] { log.withLock { $0 } }

    override public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        var decode = Decode(
            queue: currentQueueLabel(), onMainThread: Thread.isMainThread,
            onDelegateQueue: OperationQueue.current.map(ObjectIdentifier.init) == delegateQueue)
        defer {
            log.withLock { $0.append(decode) }
            timeline?.record(.note, lane: "decode", detail: decode.failure.map { "threw \($0)" } ?? "decoded")
        }
        do {
            return try super.decode(type, from: data)
        } catch {
            decode.failure = describe(decodingFailure: error)
            throw error
        }
    }
}

/// A decoding failure by its case and, when it has one, the place in the JSON where it happened:
/// `DecodingError.typeMismatch(String) at [0].id`.
public func describe(decodingFailure failure: any Error) -> String {
    guard let context = (failure as? DecodingError)?.context, !context.codingPath.isEmpty else {
        return describe(failure: failure)
    }
    let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
    return describe(failure: failure) + " at " + path.joined().trimmingPrefix(".")
}

extension DecodingError {
    /// The context every case carries.
    fileprivate var context: Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            context
        @unknown default: nil
        }
    }
}
