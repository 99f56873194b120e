import Foundation
import Harness
import LoopbackLab
import TimeControl
import Timelines
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How many downloads the row suspends at once: enough that a thread held by each would stand out
/// against the few threads a process starts on its own.
let suspendedDownloadCount = 50

/// The process's threads before the downloads started and while all of them were suspended.
struct SuspendedDownloads: Equatable, Sendable {
    var downloads: Int
    var threadsBefore: Int?
    var threadsWhileSuspended: Int?

    /// How many threads the suspended downloads added, when both counts could be read.
    var addedThreads: Int? {
        guard let threadsBefore, let threadsWhileSuspended else { return nil }
        return threadsWhileSuspended - threadsBefore
    }

    /// The row's words, the same on every run that holds; the counts are in `counts`.
    var summary: String {
        switch addedThreads {
        case let added? where added < downloads:
            "\(downloads) downloads suspended at await, fewer new threads than downloads"
        case let added?: "\(downloads) downloads suspended at await, \(added) new threads"
        case nil: "\(downloads) downloads suspended at await, the threads could not be counted"
        }
    }

    var counts: String {
        "threads: \(threadsBefore.map(String.init) ?? "?") before, "
            + "\(threadsWhileSuspended.map(String.init) ?? "?") while suspended"
    }
}

// excerpt: suspended-downloads
/// `await` suspends the task that waits, not a thread: fifty downloads of a route that answers
/// after a minute, all at the server and all suspended at once, and the process has about as many
/// threads as before. A download that held a thread while it waited would add one each.
func suspendedDownloadsHoldNoThread(in lab: Lab) async -> Finding<SuspendedDownloads> {
    let configuration = Lab.sessionConfiguration()
    configuration.httpMaximumConnectionsPerHost = suspendedDownloadCount  // all at the server at once
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }
    let url = lab.url(Route.verySlow, tag: "suspended")
    var seen = SuspendedDownloads(downloads: suspendedDownloadCount, threadsBefore: threadCount())
    let downloads = (0..<suspendedDownloadCount).map { _ in
        Task { try? await image(from: url, session: session) }
    }
    _ = await until(timeout: .seconds(30)) { lab.requestCount(for: url) == suspendedDownloadCount }
    seen.threadsWhileSuspended = threadCount()
    Timeline.current?.record(.note, lane: "async/await", detail: seen.summary)
    downloads.forEach { $0.cancel() }
    for download in downloads { _ = await download.value }
    // The server notices each client leave a moment later; waiting for it keeps that in this rule.
    _ = await until(timeout: .seconds(10)) {
        lab.server.abandonedRequests.count { lab.server.url($0.request.target) == url }
            == suspendedDownloadCount
    }
    return Finding(
        expected: "\(suspendedDownloadCount) downloads suspended at await, fewer new threads than downloads",
        value: seen, measured: seen.summary, holds: (seen.addedThreads ?? .max) < suspendedDownloadCount,
        varies: seen.counts)
}
// end excerpt

/// The number of threads this process has: read from `/proc/self/status` on Linux (measured), and
/// from the kernel's task on Apple platforms (not measured here); nil where neither is there.
func threadCount() -> Int? {
    #if os(Linux)
        let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = status?.split(separator: "\n").first { $0.hasPrefix("Threads:") }
        return line.flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) }
    #elseif canImport(Darwin)
        var threads: thread_act_array_t?
        var count = mach_msg_type_number_t(0)
        guard task_threads(mach_task_self_, &threads, &count) == KERN_SUCCESS, let threads else { return nil }
        for index in 0..<Int(count) { mach_port_deallocate(mach_task_self_, threads[index]) }
        let bytes = vm_size_t(Int(count) * MemoryLayout<thread_act_t>.stride)
        vm_deallocate(mach_task_self_, vm_address_t(UInt(bitPattern: threads)), bytes)
        return Int(count)
    #else
        return nil
    #endif
}
