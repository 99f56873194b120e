import Foundation

// The children of chapters 6 and 8, built again with other build settings: one target a setting,
// each made of these same files (its folder holds links to them), so that a chapter can run the
// code it quotes as a project with those settings would build it. The environment says what to run,
// as it does for the chapters' own children; the main thread runs the main run loop, as an app's
// does.
Task { @MainActor in
    let environment = ProcessInfo.processInfo.environment
    if let url = MigrationChild.request(in: environment) {
        await MigrationChild.run(from: url)
    }
    if let url = HelperChild.request(in: environment) {
        await HelperChild.run(from: url)
    }
    if let (unmarked, url) = PublisherChild.request(in: environment) {
        await PublisherChild.run(unmarked: unmarked, from: url)
    }
    switch ModelChild.request(in: environment) {
    case .success(let (way, url))?:
        await ModelChild.run(way, from: url)
    case .failure(let mistake)?:
        FileHandle.standardError.write(Data("\(mistake)\n".utf8))
        exit(2)
    case nil:
        let variables = [
            ModelChild.wayVariable, MigrationChild.urlVariable, HelperChild.urlVariable,
            PublisherChild.urlVariable,
        ]
        .joined(separator: " or ")
        FileHandle.standardError.write(Data("set \(variables) to say what to run\n".utf8))
        exit(64)
    }
}
RunLoop.main.run()
