import Foundation

/// The executable product `name` built alongside the running program.
///
/// `swift build` and `swift test` put every product in one folder. A command-line program's bundle
/// is that folder; a test bundle on Linux is that folder too, and on macOS it is the `.xctest`
/// inside it. So a chapter finds itself this way, and a test finds the chapter.
public func builtExecutable(named name: String) -> URL {
    let bundle = Bundle.main.bundleURL
    let products = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
    return products.appending(path: name)
}
