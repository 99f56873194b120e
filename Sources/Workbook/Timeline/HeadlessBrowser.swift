import Foundation

/// Chromium run headless, for the tests that check what a browser makes of the interactive
/// timeline: it loads a page, runs its script, and hands back the document as the script left it.
public struct HeadlessBrowser: Sendable {
    public let executable: URL

    /// Chromium from the `PATH` (Debian's `chromium`, or `chromium-browser` or Chrome elsewhere), or
    /// an installed Chrome or Chromium app on a Mac, if there is one.
    public static var installed: HeadlessBrowser? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        let onPath = ["chromium", "chromium-browser", "google-chrome"].flatMap { name in
            folders.map { URL(fileURLWithPath: String($0)).appending(path: name).path }
        }
        let apps = [
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
        ]
        return (onPath + apps).first { FileManager.default.isExecutableFile(atPath: $0) }.map {
            HeadlessBrowser(executable: URL(fileURLWithPath: $0))
        }
    }

    /// Why a test that needs the browser is skipped here: never under CI, where it must run.
    public static var absenceExcuse: String? {
        if installed != nil || ProcessInfo.processInfo.environment["CI"] != nil { return nil }
        return "chromium is not installed (apt-get install chromium); CI installs it and runs this test"
    }

    /// The document of `file` once loaded, with `fragment` (`rule=1&step=2`) after its address.
    public func renderedDocument(of file: URL, fragment: String = "") async throws -> String {
        let profile = FileManager.default.temporaryDirectory.appending(path: "chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let address = file.absoluteString + (fragment.isEmpty ? "" : "#" + fragment)
        let run = try await runChildProcess(
            executable,
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--user-data-dir=\(profile.path)",
                "--dump-dom", address,
            ],
            environment: ProcessInfo.processInfo.environment, deadline: .seconds(120))
        guard run.ending == .exited(0), run.output.contains("</html>") else {
            throw ChildProcessError(
                description: "chromium ended with \(run.ending): \(run.errors.suffix(2000))")
        }
        return run.output
    }
}
