import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The crash report the Swift runtime prints on standard error when a process it runs crashes, as
/// much of it as a reader needs: the functions on the stack of the thread that crashed.
///
/// The runtime's backtracer prints every thread as `Thread 8 "name" crashed:` followed by one line
/// a frame, `  3 [ra] 0x00007f0e… _swift_task_checkIsolatedSwift + 18 in libswift_Concurrency.so`.
public struct CrashBacktrace: Sendable, Equatable {
    /// The crashed thread's functions, innermost first, as the runtime names them.
    public let crashedThreadFrames: [String]

    /// Reads the backtrace out of a crashed process's standard error; no frames when it has none.
    public init(standardError: String) {
        guard
            let start = standardError.range(of: #"Thread \d+ "[^"]*" crashed:"#, options: .regularExpression)
        else {
            crashedThreadFrames = []
            return
        }
        let rest = standardError[start.upperBound...]
        let thread = rest[..<(rest.range(of: "\nThread ")?.lowerBound ?? rest.endIndex)]
        crashedThreadFrames = thread.split(separator: "\n").compactMap { line in
            guard let address = line.range(of: #"0x[0-9a-fA-F]+ "#, options: .regularExpression),
                let offset = line.range(of: #" \+ \d+ in "#, options: .regularExpression),
                address.upperBound <= offset.lowerBound
            else { return nil }
            return String(line[address.upperBound..<offset.lowerBound])
        }
    }

    /// The settings of `SWIFT_BACKTRACE` that make a crashing child print its backtrace as plain
    /// text on standard error, with or without a terminal.
    ///
    /// Under ThreadSanitizer the backtracer cannot run (the sanitizer's own checks stop it), so
    /// there it is turned off and a crash ends with its signal alone.
    public static let childEnvironmentSetting =
        underThreadSanitizer ? "enable=no" : "enable=yes,interactive=no,color=no"

    /// Whether a crashed child started with `childEnvironmentSetting` prints a backtrace to read.
    public static let available = !underThreadSanitizer
}

/// Whether this process, and so the products built with it, run under ThreadSanitizer.
private let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil
