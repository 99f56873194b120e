import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What tells a built check runner from any file put in its place: its device, inode, size and
/// status-change time. Writing to a file or renaming another over it changes at least one of them,
/// and no unprivileged process can set a status-change time back, so a fingerprint taken right
/// after the build and found equal later says the runner is the file the build made.
public struct RunnerFingerprint: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let changedSeconds: Int64
    let changedNanoseconds: Int64

    /// The fingerprint of the file at `url` as it is now; nil when there is none.
    public init?(of url: URL) {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
            changedSeconds = Int64(status.st_ctimespec.tv_sec)
            changedNanoseconds = Int64(status.st_ctimespec.tv_nsec)
        #else
            changedSeconds = Int64(status.st_ctim.tv_sec)
            changedNanoseconds = Int64(status.st_ctim.tv_nsec)
        #endif
    }
}
