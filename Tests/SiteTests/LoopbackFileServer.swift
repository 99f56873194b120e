import Foundation
import Locking

/// A folder served over HTTP on 127.0.0.1 by Python's `http.server`, as `scripts/build-site --serve`
/// serves the site, on a port the system picks; its log says what each request got.
final class LoopbackFileServer: Sendable {
    let port: Int
    private let process: Process
    private let log: Locked<String>

    /// Starts serving `folder`, and returns once the server says on which port.
    init(serving folder: URL) async throws {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [
            "python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path,
        ]
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        let log = Locked("")
        for pipe in [output, errors] {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                log.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
        }
        try process.run()
        let deadline = ContinuousClock.now + .seconds(30)
        var port: Int?
        while port == nil, ContinuousClock.now < deadline, process.isRunning {
            port = log.withLock { $0.firstMatch(of: /port (\d+)/).flatMap { Int($0.output.1) } }
            if port == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        guard let port else {
            process.terminate()
            throw ServerError(description: "http.server did not say its port in 30 s: \(log.withLock { $0 })")
        }
        (self.port, self.process, self.log) = (port, process, log)
    }

    /// The address of `path` (starting with `/`) on this server.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// The requests that got no file (`"GET /x HTTP/1.1" 404`), as the server logged them.
    var failedRequests: [String] {
        log.withLock { $0 }.split(separator: "\n").filter { $0.contains("\" 4") || $0.contains("\" 5") }
            .map(String.init)
    }

    /// Ends the server. Not with `waitUntilExit()`, which waits on a run loop that a test's thread
    /// does not run on Linux, and so may wait for ever.
    func stop() async {
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    struct ServerError: Error, CustomStringConvertible {
        let description: String
    }
}
