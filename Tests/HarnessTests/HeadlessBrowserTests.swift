import Foundation
import Testing

@testable import TestSupport

/// Finding a browser that runs: Ubuntu's `chromium` package installs only a script that starts the
/// snap, which fails in a container, so it must not count as a browser.
@Suite struct HeadlessBrowserTests {
    /// Writes `contents` to an executable file `name` in `folder` and hands back its path.
    private func executable(_ name: String, in folder: URL, _ contents: Data) throws -> String {
        let file = folder.appending(path: name)
        try contents.write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return file.path
    }

    @Test func aScriptThatOnlyStartsTheSnapIsAWrapperAndNotABrowser() throws {
        try inTemporaryFolder("browser") { folder in
            let wrapper = try executable(
                "wrapper", in: folder,
                Data(
                    "#!/bin/sh\nif [ -x /snap/bin/chromium ]; then exec /snap/bin/chromium \"$@\"; fi\nexit 1\n"
                        .utf8))
            let launcher = try executable(
                "launcher", in: folder, Data("#!/bin/sh\nexec /usr/lib/chromium/chromium \"$@\"\n".utf8))
            let program = try executable(
                "program", in: folder, Data([0x7F, 0x45, 0x4C, 0x46]) + Data(" /snap/ ".utf8))
            #expect(HeadlessBrowser.isSnapWrapper(wrapper))
            #expect(!HeadlessBrowser.isSnapWrapper(launcher))
            #expect(!HeadlessBrowser.isSnapWrapper(program))
        }
    }
}
