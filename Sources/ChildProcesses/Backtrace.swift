import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The functions on the stack of a crashed child's crashed thread, read from what it printed on
/// standard error, innermost first, named the way the Swift runtime's backtracer names them
/// (`closure #1 in UserNameModel.load(from:session:)`, `dispatch_assert_queue`).
///
/// Two printers are understood. The Swift runtime's backtracer prints every thread, the crashed one
/// as `Thread 8 "name" crashed:`, then one line a frame: `3 [ra] 0x00007f0e… name + 18 in lib.so`.
/// Under ThreadSanitizer that backtracer cannot run (the sanitizer's own checks stop it), so there
/// the sanitizer reports the crash instead: `#5 $s14ThreadDelivery… file (lib+0x3c2f5d)`, with
/// Swift names mangled, which are demangled here.
public struct CrashBacktrace: Sendable, Equatable {
    /// The crashed thread's function names, innermost first; empty when no backtrace was found.
    public let crashedThreadFrames: [String]
    /// The executable or library each frame's code is in (`libdispatch.so`, the program's own
    /// name), in the same order; empty where the printer does not say.
    public let crashedThreadImages: [String]

    /// Reads the frames out of a crashed process's standard error; none when it printed no backtrace.
    public init(standardError: String) {
        let frames = Self.runtimeFrames(in: standardError) ?? Self.sanitizerFrames(in: standardError) ?? []
        crashedThreadFrames = frames.map(\.name)
        crashedThreadImages = frames.map(\.image)
    }

    /// The innermost frame whose code is in `image`, such as the program's own code rather than
    /// the runtime check or the queue assertion that stopped it.
    public func innermostFrame(in image: String) -> String? {
        zip(crashedThreadFrames, crashedThreadImages).first { $0.1 == image }?.0
    }

    /// The environment a child needs for its crash to be read: a plain-text backtrace on standard
    /// error, with or without a terminal.
    ///
    /// Under ThreadSanitizer, reading the frames costs the signal: the sanitizer's handler prints
    /// them and exits with status 66. So a child whose ending is the point keeps the signal and
    /// prints no frames there (`keepingTheSignal`); everywhere else a child gets both.
    public static func childEnvironment(keepingTheSignal: Bool) -> [String: String] {
        guard underThreadSanitizer else { return ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"] }
        if keepingTheSignal { return ["SWIFT_BACKTRACE": "enable=no"] }
        let options = ProcessInfo.processInfo.environment["TSAN_OPTIONS"].map { $0 + ":" } ?? ""
        return ["SWIFT_BACKTRACE": "enable=no", "TSAN_OPTIONS": options + "handle_sigill=1"]
    }

    private static func runtimeFrames(in text: String) -> [(name: String, image: String)]? {
        guard let start = text.range(of: #"Thread \d+ "[^"]*" crashed:"#, options: .regularExpression) else {
            return nil
        }
        let rest = text[start.upperBound...]
        let thread = rest[..<(rest.range(of: "\nThread ")?.lowerBound ?? rest.endIndex)]
        return thread.split(separator: "\n").compactMap { line in
            guard let address = line.range(of: #"0x[0-9a-fA-F]+ "#, options: .regularExpression),
                let offset = line.range(of: #" \+ \d+ in "#, options: .regularExpression),
                address.upperBound <= offset.lowerBound
            else { return nil }
            let image = line[offset.upperBound...].prefix { $0 != " " }
            return (String(line[address.upperBound..<offset.lowerBound]), String(image))
        }
    }

    private static func sanitizerFrames(in text: String) -> [(name: String, image: String)]? {
        guard let start = text.range(of: "ThreadSanitizer:DEADLYSIGNAL") else { return nil }
        let report = text[start.upperBound...].split(separator: "\n").drop {
            !$0.contains("ERROR: ThreadSanitizer")
        }
        return report.dropFirst().prefix { $0.contains("#") }.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count > 1, words[0].hasPrefix("#") else { return nil }
            let symbol = String(words[1])
            let name = symbol.hasPrefix("$s") ? demangledSwiftName(symbol).map(simplifiedSwiftName) : symbol
            return name.map { ($0, "") }
        }
    }
}

/// Whether this process, and so the products built with it, run under ThreadSanitizer.
private let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

/// The Swift runtime's full demangling of `symbol`, such as
/// `closure #1 (Data) -> Data in Module.Type.load(from: Foundation.URL) -> ()`.
private func demangledSwiftName(_ symbol: String) -> String? {
    typealias Demangle =
        @convention(c) (
            UnsafePointer<CChar>, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
        ) -> UnsafeMutablePointer<CChar>?
    guard let address = dlsym(nil, "swift_demangle") else { return nil }
    let demangle = unsafeBitCast(address, to: Demangle.self)
    guard let demangled = demangle(symbol, symbol.utf8.count, nil, nil, 0) else { return nil }
    defer { free(demangled) }
    return String(cString: demangled)
}

/// A full demangling as the backtracer prints it: `closure #1 in Type.load(from:)`, without the
/// module, the closure's signature, argument types and the result type.
private func simplifiedSwiftName(_ full: String) -> String {
    if full.hasPrefix("closure #"), let number = full.split(separator: " ").dropFirst().first,
        let context = full.rangeOfTopLevel(" in ")
    {
        return "closure \(number) in " + simplifiedSwiftName(String(full[context.upperBound...]))
    }
    var name = full
    if let result = name.rangeOfTopLevel(" -> ", last: true) { name = String(name[..<result.lowerBound]) }
    guard let open = name.firstIndex(of: "("), name.hasSuffix(")") else { return withoutModule(name) }
    let arguments = name[name.index(after: open)..<name.index(before: name.endIndex)]
    let labels = arguments.splitAtTopLevel(", ").map { argument in
        argument.contains(": ") ? String(argument.prefix { $0 != ":" }) + ":" : "_:"
    }
    return withoutModule(String(name[..<open])) + "(" + labels.joined() + ")"
}

/// `Module.Type.method` without `Module.`.
private func withoutModule(_ path: String) -> String {
    let components = path.split(separator: ".")
    return components.count > 1 ? components.dropFirst().joined(separator: ".") : path
}

extension StringProtocol {
    /// The first (or last) occurrence of `separator` outside any parentheses.
    fileprivate func rangeOfTopLevel(_ separator: String, last: Bool = false) -> Range<Index>? {
        var depth = 0
        var found: Range<Index>?
        var index = startIndex
        while index < endIndex {
            switch self[index] {
            case "(": depth += 1
            case ")": depth -= 1
            default:
                if depth == 0, self[index...].hasPrefix(separator) {
                    found = index..<self.index(index, offsetBy: separator.count)
                    if !last { return found }
                }
            }
            index = self.index(after: index)
        }
        return found
    }

    /// The pieces between occurrences of `separator` outside any parentheses.
    fileprivate func splitAtTopLevel(_ separator: String) -> [SubSequence] {
        var pieces: [SubSequence] = []
        var rest = self[...]
        while let range = rest.rangeOfTopLevel(separator) {
            pieces.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        return rest.isEmpty ? pieces : pieces + [rest]
    }
}
