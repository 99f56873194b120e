import Foundation

/// One accepted socket: the bytes it received, a write waiting for room, its deadline and its closing.
///
/// Everything here runs on the server's event loop thread: the loop's read and write callbacks and
/// the exchange task that serves the connection's requests (the loop is that task's executor).
final class Connection: LoopSocket, @unchecked Sendable {  // Confined to the loop's thread.
    let id: Int
    let descriptor: Int32
    /// When the connection is closed unless something happens first; `nil` while the handler has a request.
    private(set) var deadline: ContinuousClock.Instant?
    private let group: ConnectionGroup
    private let idleTimeout: Duration
    private var inbox: [UInt8] = []
    private var endOfInput = false
    private var closed = false
    /// Our side is shut for writing; what still arrives is read and dropped until the client closes.
    private var draining = false
    private var busy = false
    /// When the client closed its side while the handler held a request; `nil` if it has not.
    private(set) var clientLeftTime: ContinuousClock.Instant?
    private var reader: UnsafeContinuation<Void, Never>?
    private var pendingWrite: PendingWrite?
    private var exchange: Task<Void, Never>?

    private struct PendingWrite {
        let bytes: [UInt8]
        var offset: Int
        let continuation: UnsafeContinuation<Bool, Never>
    }

    /// Reading pauses once this much has arrived that the exchange task has not taken yet.
    private static let inboxLimit = 256 * 1024
    /// How long a connection closed on our side waits for the client to close its side.
    private static let lingerTimeout = Duration.seconds(2)

    init(id: Int, descriptor: Int32, group: ConnectionGroup, idleTimeout: Duration) {
        self.id = id
        self.descriptor = descriptor
        self.group = group
        self.idleTimeout = idleTimeout
        extendDeadline(by: idleTimeout)
    }

    var loop: EventLoop { group.loop }

    var wantsToRead: Bool { !closed && !endOfInput && inbox.count < Self.inboxLimit }

    var wantsToWrite: Bool { !closed && pendingWrite != nil }

    /// Runs `serve` as the task that serves this connection, on the event loop.
    func start(on loop: EventLoop, _ serve: @escaping @Sendable () async -> Void) {
        exchange = Task(executorPreference: loop) { await serve() }
    }

    // MARK: Exchange task side

    /// The bytes that arrived since the last call, waiting for some if none have; `nil` once the
    /// client has closed its side or the connection is closed.
    func receive() async -> [UInt8]? {
        while true {
            if !inbox.isEmpty {
                defer { inbox = [] }
                return inbox
            }
            if endOfInput || closed { return nil }
            await withUnsafeContinuation { reader = $0 }
        }
    }

    /// Writes all of `bytes`, waiting for room in the socket as needed; false if the connection closed first.
    func send(_ bytes: [UInt8]) async -> Bool {
        guard !closed, let offset = writeNow(bytes, from: 0) else { return false }
        if offset == bytes.count { return true }
        return await withUnsafeContinuation { continuation in
            pendingWrite = PendingWrite(bytes: bytes, offset: offset, continuation: continuation)
        }
    }

    /// Marks whether the handler holds a request; the idle timeout counts only time spent without one.
    func setBusy(_ busy: Bool) {
        self.busy = busy
        if busy {
            deadline = nil
        } else {
            extendDeadline(by: idleTimeout)
        }
    }

    /// Ends the connection politely: shuts our side for writing so the client sees the end of the
    /// stream after everything sent, then drops what still arrives until the client closes its side.
    ///
    /// Closing outright while request bytes are still unread would make the system reset the
    /// connection, and a reset can destroy a response the client has not read yet.
    func finish() {
        guard !closed else { return }
        guard !endOfInput else { return close() }
        draining = true
        inbox = []
        _ = shutdown(descriptor, Int32(SHUT_WR))
        extendDeadline(by: Self.lingerTimeout)
    }

    /// Ends the connection at once: the descriptor is closed, a waiting read or write gives up, and the
    /// exchange task is cancelled (which cancels a pending response delay).
    func close() {
        guard !closed else { return }
        closed = true
        deadline = nil
        // Ends the connection for the client even if a process spawned just now shares the descriptor.
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        _ = Foundation.close(descriptor)
        group.connectionClosed(self)
        reader?.resume()
        reader = nil
        pendingWrite?.continuation.resume(returning: false)
        pendingWrite = nil
        exchange?.cancel()
    }

    // MARK: Event loop side

    func readable() {
        guard !closed else { return }
        let buffer = loop.readBuffer
        let count = Socket.receive(descriptor, into: buffer)
        if count > 0 {
            if !busy || draining {
                extendDeadline(by: draining ? Self.lingerTimeout : idleTimeout)
            }
            guard !draining else { return }
            inbox.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            wakeReader()
        } else if count == 0 || !Socket.wouldBlock {
            endOfInput = true
            if draining { return close() }
            if busy { clientWentAway() }
            wakeReader()
        }
    }

    func writable() {
        guard var write = pendingWrite else { return }
        pendingWrite = nil
        guard let offset = writeNow(write.bytes, from: write.offset) else {
            return write.continuation.resume(returning: false)
        }
        if offset == write.bytes.count { return write.continuation.resume(returning: true) }
        write.offset = offset
        pendingWrite = write
    }

    // MARK: Helpers

    /// The client closed its side before its request was answered: it is taken to have gone away
    /// (as HTTP clients close a connection to cancel a request), so the exchange task is cancelled,
    /// which ends the response's delay and any wait in the handler at once.
    private func clientWentAway() {
        clientLeftTime = .now
        exchange?.cancel()
    }

    private func wakeReader() {
        let waiting = reader
        reader = nil
        waiting?.resume()
    }

    /// Writes as much as the socket takes; the new offset, or `nil` when the connection failed.
    private func writeNow(_ bytes: [UInt8], from start: Int) -> Int? {
        var offset = start
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Socket.send(descriptor, UnsafeRawBufferPointer(rebasing: $0[offset...]))
            }
            if written > 0 {
                offset += written
            } else if written < 0 && Socket.wouldBlock {
                return offset
            } else {
                return nil
            }
        }
        return offset
    }

    private func extendDeadline(by timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        self.deadline = deadline
        loop.wake(by: deadline)
    }
}
