#if canImport(Glibc)
    import Glibc

    /// Linux's `prctl(option, argument)`. Swift does not import C's variadic `prctl`, so it is looked
    /// up by name, as a function of five words; -1 when it cannot be found.
    func processControl(_ option: Int32, _ argument: UInt) -> Int32 {
        typealias Control = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return -1 }
        return unsafeBitCast(symbol, to: Control.self)(option, argument, 0, 0, 0)
    }

    /// `PR_SET_DUMPABLE`, from `<linux/prctl.h>`, which Swift's Glibc module leaves out.
    let setDumpable: Int32 = 4
#endif

/// Makes this process not dumpable (Linux), so that a process of another user, or of the same
/// user without `CAP_SYS_PTRACE`, cannot read its memory through `/proc/<pid>/mem`: `workbook`
/// holds check seals' digests and runs student code in its children. Root can still read it,
/// which is why a check process also gives root up (see `runCheckFromCommandLine`).
public func refuseMemoryReaders() {
    #if canImport(Glibc)
        _ = processControl(setDumpable, 0)
    #endif
}
