import Foundation

// excerpt: isolation-check-signal
/// The signal a failed isolation check stops a process with. libdispatch stops on the processor's
/// trap instruction: `ud2` on Intel and AMD, an illegal instruction (SIGILL, measured on Linux);
/// `brk` on ARM, a breakpoint (SIGTRAP). On Apple platforms (not measured here) an Intel Mac is
/// expected to show SIGILL and Apple silicon SIGTRAP, which its crash reports call `EXC_BREAKPOINT`.
/// (Chapter 8 links this file.)
#if arch(x86_64) || arch(i386)
    let isolationCheckSignal = SIGILL
#else
    let isolationCheckSignal = SIGTRAP
#endif
// end excerpt
