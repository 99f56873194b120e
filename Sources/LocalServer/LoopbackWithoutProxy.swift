import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Makes this process, and the processes it starts later, reach loopback without a proxy.
///
/// Linux URLSession hands every request to libcurl, which sends it through the proxy that
/// `http_proxy`, `https_proxy`, `ALL_PROXY` or `all_proxy` name, even a request for 127.0.0.1, and
/// it ignores `URLSessionConfiguration.connectionProxyDictionary`. What libcurl does honour is
/// `no_proxy`, read at each request, so loopback is added to it once, before the first server
/// starts. Apple's URL loading system does not read these variables; there, a session turns the
/// system's proxies off with an empty `connectionProxyDictionary` (as `Lab`'s sessions do).
enum LoopbackWithoutProxy {
    /// The hosts a client of a `LocalServer` may name.
    static let hosts = ["127.0.0.1", "localhost"]

    /// Runs once per process, on first use: setting the environment while other threads read it is
    /// only safe when it happens this rarely.
    static let ensured: Void = {
        #if canImport(Glibc)
            let current = ProcessInfo.processInfo.environment["no_proxy"] ?? ""
            let listed = Set(current.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            let missing = hosts.filter { !listed.contains($0) }
            guard !missing.isEmpty else { return }
            setenv("no_proxy", ([current] + missing).filter { !$0.isEmpty }.joined(separator: ","), 1)
        #endif
    }()
}
