import ChildProcesses
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A signal as a person looks it up, its name with what the system calls it:
/// `SIGILL (illegal instruction)`.
func signalDescription(_ signal: Int32) -> String {
    let meaning = strsignal(signal).map { String(cString: $0).lowercased() } ?? "signal \(signal)"
    return "\(signalName(signal)) (\(meaning))"
}
