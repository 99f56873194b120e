import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The label of the Dispatch queue the caller runs on, with any memory address in it written as
/// `0x…` so it reads the same on every run: `com.apple.main-thread` on the main queue.
///
/// This is how a chapter says where a closure ran. URLSession's delegate queue is labelled
/// `com.apple.NSURLSession-delegate` on Apple platforms; Linux Foundation runs its operation queues
/// on queues labelled with the operation queue's name, `NSOperationQueue 0x…`.
public func currentQueueLabel() -> String {
    let label = rawCurrentQueueLabel()
    return label.replacing(/0x[0-9a-fA-F]+/, with: "0x…")
}

/// `dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL)`: Apple's Dispatch overlay exposes it as
/// `__dispatch_queue_get_label`, Linux's marks it unavailable in Swift, so there it is looked up
/// by its C name.
private func rawCurrentQueueLabel() -> String {
    #if canImport(Darwin)
        String(cString: __dispatch_queue_get_label(nil))
    #else
        typealias GetLabel = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
        guard let symbol = dlsym(nil, "dispatch_queue_get_label") else { return "unknown" }
        let getLabel = unsafeBitCast(symbol, to: GetLabel.self)
        return getLabel(nil).map { String(cString: $0) } ?? "unknown"
    #endif
}
