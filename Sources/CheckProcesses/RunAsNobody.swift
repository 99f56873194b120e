import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells a check process to give up root before the code under check runs: set to `1` by
/// `workbook grade` when it runs as root (`checkEnvironmentForGrading`).
public let checkAsNobodyVariable = "WORKBOOK_CHECK_AS_NOBODY"

/// The environment `grade` adds for its check processes: as root, the one that makes them run the
/// code under check as `nobody`, so it can neither signal the grader, nor read its memory, nor
/// write the built runners, all root's; otherwise none.
public var checkEnvironmentForGrading: [String: String] {
    geteuid() == 0 ? [checkAsNobodyVariable: "1"] : [:]
}

/// The user and group ids of `nobody` (65534 on Linux and, as `-2`, on macOS's `nobody`).
let nobody: UInt32 = 65534

/// When `checkAsNobodyVariable` is `1`, removes it from the environment and makes this process
/// `nobody`: no supplementary groups, group and user 65534, and no way back to root (a `setuid(0)`
/// afterwards must fail). Returns why it could not, or nil when done or not asked. A process that
/// was asked and could not must not run the code under check: it would run with the power the
/// grader meant to take away. The process is then not dumpable (the kernel's rule for a process
/// that changed its user), so a crash's frames go unnamed: Swift's backtracer cannot read it, and
/// neither can another check process running as nobody.
func runAsNobodyWhenAsked() -> String? {
    guard let asked = ProcessInfo.processInfo.environment[checkAsNobodyVariable] else { return nil }
    unsetenv(checkAsNobodyVariable)
    guard asked == "1" else { return nil }
    // Foundation opens the folder of the executable the first time anything asks for the main
    // bundle (URLSession does, for its User-Agent) and stops the process if it cannot; nobody may
    // not be able to, when the package lies in a folder only root can enter (`mktemp -d` makes
    // one), so the bundle is made now, while this process can still read it.
    _ = Bundle.main.infoDictionary
    guard setgroups(0, nil) == 0 else { return "could not drop supplementary groups: \(lastError)" }
    guard setgid(nobody) == 0 else { return "could not become group \(nobody): \(lastError)" }
    guard setuid(nobody) == 0 else { return "could not become user \(nobody): \(lastError)" }
    guard setuid(0) == -1, geteuid() == nobody, getegid() == nobody else {
        return "could become root again after becoming \(nobody)"
    }
    return nil
}

/// The C library's message for the last error, `errno`.
private var lastError: String { String(cString: strerror(errno)) }
