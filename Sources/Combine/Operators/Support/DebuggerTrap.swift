import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Raises `SIGTRAP` as Apple's `breakpoint()` does: an attached debugger stops there, and without one the
/// process ends with the signal.
///
/// On Linux, Swift's crash backtracer takes `SIGTRAP` with the handler it installs for the crash signals:
/// it prints "Program crashed" and a backtrace, then returns, and the process would go on. So when that
/// handler took the signal and no debugger is attached, the signal is raised again with its default
/// action, which ends the process. A handler of the program's own is left alone, as on Apple platforms.
internal func raiseDebuggerTrap() {
    #if canImport(Glibc)
        let crashHandlerTakesTrap = crashHandlerHandles(SIGTRAP)
        raise(SIGTRAP)
        guard crashHandlerTakesTrap, !debuggerIsAttached() else { return }
        signal(SIGTRAP, SIG_DFL)
        raise(SIGTRAP)
    #else
        raise(SIGTRAP)
    #endif
}

#if canImport(Glibc)
    /// Whether `signal` goes to the handler installed for the crash signals: the crash backtracer's.
    private func crashHandlerHandles(_ signal: Int32) -> Bool {
        guard let handler = handlerAddress(signal) else { return false }
        return [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT].contains { handlerAddress($0) == handler }
    }

    /// The address of the handler installed for `signal`; `nil` for the default action or ignoring it.
    private func handlerAddress(_ signal: Int32) -> UInt? {
        var action = sigaction()
        guard sigaction(signal, nil, &action) == 0 else { return nil }
        let address = unsafeBitCast(action.__sigaction_handler.sa_handler, to: UInt.self)
        // SIG_DFL is 0 and SIG_IGN is 1.
        return address > 1 ? address : nil
    }

    /// Whether a debugger traces this process: the `TracerPid` line of `/proc/self/status` names it.
    private func debuggerIsAttached() -> Bool {
        let field = "TracerPid:"
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let tracer = Int(line.dropFirst(field.count).trimmingCharacters(in: .whitespaces))
        else { return false }
        return tracer != 0
    }
#endif
