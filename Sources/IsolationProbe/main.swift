import Foundation
import LocalServer

// Runs one pipeline shape from a main-actor model against a local server, then reports on standard
// output, one `key=value` a line, what its subscriber got. Exits 0 when a value arrived; the
// `inline-closure` shape is expected never to get that far (the process stops on a signal).
//
// The main thread runs the main run loop, as an app's does, so work sent to the main queue runs on
// the main thread. (Under `dispatchMain()`, Linux parks the main thread and drains the main queue
// on another one.)

/// Writes a line at once, unbuffered, so that it survives the process being killed by a signal.
func report(_ key: String, _ value: String) {
    FileHandle.standardOutput.write(Data("\(key)=\(value)\n".utf8))
}

guard let argument = CommandLine.arguments.dropFirst().first, let mode = ProbeMode(rawValue: argument) else {
    let modes = ProbeMode.allCases.map(\.rawValue).joined(separator: " | ")
    FileHandle.standardError.write(Data("usage: IsolationProbe \(modes)\n".utf8))
    exit(64)
}

// A watchdog, so that a probe that neither delivers nor crashes still ends.
DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
    report("outcome", "timed-out")
    exit(3)
}

Task { @MainActor in
    let server: LocalServer
    do {
        server = try await LocalServer.start { _ in .json(ProbeRoute.body) }
    } catch {
        report("outcome", "no-server \(error)")
        exit(2)
    }
    report("mode", mode.rawValue)
    let outcome = await ProbeModel().load(server.url(ProbeRoute.path), mode: mode)
    server.stop()
    switch outcome {
    case .delivered(let byteCount, let onMainThread):
        report("outcome", "delivered")
        report("bytes", String(byteCount))
        report("sink-on-main-thread", String(onMainThread))
        exit(0)
    case .failed(let code):
        report("outcome", "failed")
        report("url-error", String(code.rawValue))
        exit(1)
    }
}

RunLoop.main.run()
