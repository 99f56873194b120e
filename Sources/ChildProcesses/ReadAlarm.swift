import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads one of a child's outputs until it ends or a stop time passes: each read waits with `poll`
/// on the output and on a wake-up pipe of its own, with the time left as its timeout, so a reader
/// blocked on an output that some other process holds open stops on time, with no busy loop and no
/// timer thread (Dispatch's can be late by seconds when its threads are busy).
final class ReadAlarm: Sendable {
    private let wake: (read: Int32, write: Int32)
    private let state: Locked<(stopAt: ContinuousClock.Instant?, closed: Bool, readsLeft: Int)>

    /// Reads stop at `stopAt`, or never when nil.
    init(stopAt: ContinuousClock.Instant?) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ChildProcessError(description: "could not make a pipe: errno \(errno)")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = (ends[0], ends[1])
        // Once stopped, what a process still writing adds is not read for ever.
        state = Locked((stopAt, false, 64))
    }

    /// Brings the stop time forward to `instant`, if it is later, and wakes the reader to see it.
    func stop(atLatest instant: ContinuousClock.Instant) {
        state.withLock { state in
            guard !state.closed else { return }
            state.stopAt = min(state.stopAt ?? instant, instant)
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
    }

    /// Closes the wake-up pipe, once the reader is done.
    func close() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            closeDescriptor(wake.read)
            closeDescriptor(wake.write)
        }
    }

    /// The next piece of `descriptor`'s output, or nil at its end or on an error. Once the stop time
    /// has passed, `stopped` is called and only what is already waiting in the pipe is taken.
    func read(_ descriptor: Int32, stopped: () -> Void) -> Data? {
        while true {
            let stopAt = state.withLock { $0.stopAt }
            if let stopAt, ContinuousClock.now >= stopAt {
                stopped()
                var now = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                let allowed = state.withLock { state in
                    defer { state.readsLeft -= 1 }
                    return state.readsLeft > 0
                }
                guard allowed, poll(&now, 1, 0) > 0 else { return nil }
                return readPiece(descriptor)
            }
            let timeout = stopAt.map { Int32(clamping: max(1, ($0 - .now).inMilliseconds + 1)) } ?? -1
            var polled = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&polled, 2, timeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready >= 0 else { return nil }
            if polled[0].revents != 0 { return readPiece(descriptor) }
            if polled[1].revents != 0 {
                var byte: UInt8 = 0
                _ = readDescriptor(wake.read, &byte, 1)
            }
        }
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    fileprivate var inMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

/// One read of up to 64 KiB; nil at the end or on an error.
private func readPiece(_ descriptor: Int32) -> Data? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = readDescriptor(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        return count > 0 ? Data(buffer.prefix(count)) : nil
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
