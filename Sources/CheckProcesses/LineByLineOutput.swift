// Only the C library here: `stdout` is a C global, which Swift 6 accepts only through a
// `@preconcurrency` import, and this file's one use of it happens before any other thread runs.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// Makes standard output write each line as it is printed, even to a pipe, so that what the code
/// under check printed before a crash reaches the runner instead of dying in a buffer.
func writeOutputLineByLine() {
    setvbuf(stdout, nil, _IOLBF, 0)
}
