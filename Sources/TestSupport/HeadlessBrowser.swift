import ChildProcesses
import Foundation

/// Chromium run headless, for the tests that check what a browser makes of the interactive
/// timeline: it loads a page, runs its script, and hands back the document as the script left it.
public struct HeadlessBrowser: Sendable {
    /// The browser's executable, started once for each page loaded.
    public let executable: URL

    /// Chromium from the `PATH` (Debian's `chromium`, or `chromium-browser` or Chrome elsewhere), or
    /// an installed Chrome or Chromium app on a Mac, if there is one that is a browser.
    public static var installed: HeadlessBrowser? {
        candidates.first { !isSnapWrapper($0) }.map { HeadlessBrowser(executable: URL(fileURLWithPath: $0)) }
    }

    /// Why `installed` is nil, in one line: no Chromium at all, or only Ubuntu's wrapper of the snap.
    public static var whyMissing: String {
        guard let wrapper = candidates.first(where: isSnapWrapper) else {
            return "chromium is not installed (apt-get install chromium)"
        }
        return "\(wrapper) is Ubuntu's wrapper of the chromium snap, which runs no browser without snapd;"
            + " install Debian's chromium (CI runs in swift:6.3-bookworm for that)"
    }

    /// Why a test that needs the browser is skipped here: never under CI, where it must run.
    public static var absenceExcuse: String? {
        if installed != nil || ProcessInfo.processInfo.environment["CI"] != nil { return nil }
        return whyMissing + "; CI installs it and runs this test"
    }

    /// The executables that may be Chromium, in the order they are tried.
    private static var candidates: [String] {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        let onPath = ["chromium", "chromium-browser", "google-chrome"].flatMap { name in
            folders.map { URL(fileURLWithPath: String($0)).appending(path: name).path }
        }
        let apps = [
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
        ]
        return (onPath + apps).filter { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether `path` is the script Ubuntu installs as `chromium`, which only starts the snap (and
    /// fails in a container, where there is no snapd): a script, not a program, that names `/snap/`.
    static func isSnapWrapper(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        let start = (try? file.read(upToCount: 4096)) ?? Data()
        return start.starts(with: Data("#!".utf8))
            && String(decoding: start, as: UTF8.self).contains("/snap/")
    }

    /// The document of `file` once loaded, with `fragment` (`rule=1&step=2`) after its address.
    public func renderedDocument(of file: URL, fragment: String = "") async throws -> String {
        try await inTemporaryFolder("chromium") { profile in
            try await renderedDocument(of: file, fragment: fragment, profile: profile)
        }
    }

    /// `renderedDocument(of:fragment:)` with the browser's profile in `profile`.
    private func renderedDocument(of file: URL, fragment: String, profile: URL) async throws -> String {
        let address = file.absoluteString + (fragment.isEmpty ? "" : "#" + fragment)
        return try await dumpedDocument(address, arguments: [], profile: profile, deadline: .seconds(120))
            .output
    }

    /// A page and what its scripts said, as `loadedPage(_:scriptTime:windowWidth:)` hands them back.
    public struct LoadedPage: Sendable {
        /// The document once the scripts' time was up.
        public let document: String
        /// Every message the page and its frames wrote to the console, errors included, each as
        /// Chromium logs it (`"text", source: address (line)`).
        public let consoleMessages: [String]
    }

    /// The page at `address` (served over HTTP, say) in a window `windowWidth` wide, once its
    /// scripts have run for `scriptTime` of the browser's virtual time, which passes as fast as the
    /// page leaves it idle: a page that loads other pages in frames and checks them can take its time.
    public func loadedPage(
        _ address: URL, scriptTime: Duration, windowWidth: Int = 1440
    ) async throws -> LoadedPage {
        try await inTemporaryFolder("chromium") { profile in
            let run = try await dumpedDocument(
                address.absoluteString,
                arguments: [
                    "--virtual-time-budget=\(scriptTime.components.seconds * 1000)",
                    "--window-size=\(windowWidth),900",
                    "--enable-logging=stderr", "--v=0",
                ], profile: profile, deadline: .seconds(240))
            let console = run.errors.split(separator: "\n").compactMap { line in
                line.firstRange(of: ":CONSOLE").map { String(line[$0.upperBound...].drop { $0 != "\"" }) }
            }
            return LoadedPage(document: run.output, consoleMessages: console)
        }
    }

    /// Chromium's run with `--dump-dom address` and `arguments`, which must end with a document.
    private func dumpedDocument(
        _ address: String, arguments: [String], profile: URL, deadline: Duration
    ) async throws -> ChildProcessRun {
        let run = try await runChildProcess(
            executable,
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--user-data-dir=\(profile.path)",
            ] + arguments + ["--dump-dom", address],
            environment: ProcessInfo.processInfo.environment, deadline: deadline)
        guard run.ending == .exited(0), run.output.contains("</html>") else {
            throw ChildProcessError(
                description: "chromium ended with \(run.ending): \(run.errors.suffix(2000))")
        }
        return run
    }
}
