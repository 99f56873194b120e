import ChildProcesses

#if canImport(Glibc)
    import Glibc
#endif

/// Makes this process not dumpable (Linux), so that a process of another user, or of the same
/// user without `CAP_SYS_PTRACE`, cannot read its memory through `/proc/<pid>/mem`: `workbook`
/// holds check seals' digests and runs student code in its children. Root can still read it,
/// which is why a check process also gives root up (see `runCheckFromCommandLine`).
public func refuseMemoryReaders() {
    #if canImport(Glibc)
        _ = processControl(ProcessControlOption.setDumpable, 0)
    #endif
}
