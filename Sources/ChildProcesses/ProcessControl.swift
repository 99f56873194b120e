#if canImport(Glibc)
    import Glibc

    /// Linux's `prctl(option, argument)`. Swift does not import C's variadic `prctl`, so it is looked
    /// up by name, as a function of five words; -1 when it cannot be found.
    public func processControl(_ option: Int32, _ argument: UInt) -> Int32 {
        typealias Control = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return -1 }
        return unsafeBitCast(symbol, to: Control.self)(option, argument, 0, 0, 0)
    }

    /// The `prctl` options used here, from `<linux/prctl.h>`, which Swift's Glibc module leaves out.
    public enum ProcessControlOption {
        /// `PR_SET_DUMPABLE`: 0 stops other processes from reading this one's memory
        /// (`refuseMemoryReaders`).
        public static let setDumpable: Int32 = 4
        /// `PR_SET_CHILD_SUBREAPER`: 1 makes orphaned descendants this process's own
        /// (`becomeChildSubreaper`).
        public static let setChildSubreaper: Int32 = 36
        /// `PR_GET_CHILD_SUBREAPER`: writes whether this process is a subreaper to the
        /// address given (`isChildSubreaper`).
        public static let getChildSubreaper: Int32 = 37
    }
#endif
