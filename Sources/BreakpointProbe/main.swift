import Combine
import Foundation

// Sends one value through a `breakpoint` that stops on it, and reports on standard output, one
// `key=value` a line, how far it got: `value=1` and `reached=end` only if the process went on past
// the stop. Apple's breakpoint() ends a process that no debugger is attached to; under a debugger,
// execution goes on once it is continued.

/// Writes a line at once, unbuffered, so that it survives the process being ended by a signal.
func report(_ key: String, _ value: String) {
    FileHandle.standardOutput.write(Data("\(key)=\(value)\n".utf8))
}

report("reached", "subscribe")
let subscription = Just(1).breakpoint(receiveOutput: { _ in true }).sink { report("value", "\($0)") }
report("reached", "end")
