// swift-tools-version: 6.0
import PackageDescription

// Apple platforms ship Combine; everywhere else the package supplies a module of the same name and API.
#if canImport(Darwin)
    let combineTargets: [Target] = []
    let combine: [Target.Dependency] = []
#else
    let combineTargets: [Target] = [
        .target(
            name: "Combine",
            path: "Sources/Combine",
            swiftSettings: [
                // Apple's Combine is a Swift 5 mode module; the Swift 6 main-actor crash depends on it.
                .swiftLanguageMode(.v5),
                // Lets release builds specialise the generic operators inside chapters and benchmarks.
                .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
            ]
        )
    ]
    let combine: [Target.Dependency] = ["Combine"]
#endif

/// One executable target a chapter, in `Chapters/NN-Name`, run as `swift run Name`.
func chapter(_ number: String, _ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: combine + ["Workbook", "TypedClient", "LocalServer", "Locking"],
        path: "Chapters/\(number)-\(name)"
    )
}

let chapters = [
    chapter("01", "ColdPublishers"),
    chapter("02", "StatusIsAValue"),
    chapter("03", "TypedErrors"),
    chapter("04", "RetryPlacement"),
    chapter("05", "Cancellation"),
    chapter("06", "ThreadDelivery"),
    chapter("07", "ConditionalRequests"),
    chapter("08", "ThreeWays"),
    chapter("09", "CodeReview"),
]

/// The classroom exercises: the student's copy (`Exercises`) and the untouched starters `workbook
/// reset` copies back (`Starters`), mirroring each other file for file, and the checks they share.
/// `ExerciseCheckRunner` runs one check against the student's copy in a child process
/// (`StarterCheckRunner` does the same against the starters, for the proof tests); `workbook` is
/// the command a class uses. The runner's target is not called `workbook`: on a case-insensitive file system it would be
/// the `Workbook` module.
///
/// `swift run workbook student-edition` writes this manifest without the lines between each
/// `full edition: begin` and `full edition: end` comment: whatever names a reference solution or
/// another correct answer goes inside such a section.
// full edition: begin
// The reference solutions (`Solutions`) mirror the starters too, and `SolutionCheckRunner` runs a
// check against them for the proof tests.
// full edition: end
let exerciseCode: [Target.Dependency] = combine + ["ExerciseChecks", "TypedClient", "Locking"]
let exerciseTargets: [Target] = [
    .target(
        name: "ExerciseChecks", dependencies: combine + ["Workbook", "TypedClient", "LocalServer", "Locking"]),
    .target(name: "Exercises", dependencies: exerciseCode),
    .target(name: "Starters", dependencies: exerciseCode),
    // full edition: begin
    .target(name: "Solutions", dependencies: exerciseCode),
    // full edition: end
    .executableTarget(name: "ExerciseCheckRunner", dependencies: ["ExerciseChecks", "Exercises"]),
    .executableTarget(name: "StarterCheckRunner", dependencies: ["ExerciseChecks", "Starters"]),
    // full edition: begin
    .executableTarget(name: "SolutionCheckRunner", dependencies: ["ExerciseChecks", "Solutions"]),
    // full edition: end
    .executableTarget(name: "WorkbookCommand", dependencies: ["ExerciseChecks", "Workbook", "Locking"]),
    .testTarget(
        name: "ExerciseTests",
        dependencies: combine + [
            "ExerciseChecks", "Starters", "WorkbookCommand", "Workbook", "StarterCheckRunner",
            // full edition: begin
            "Solutions", "SolutionCheckRunner",
            // full edition: end
        ]),
]

let package = Package(
    name: "CombineNetworkingWorkbook",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "workbook", targets: ["WorkbookCommand"])
    ],
    targets: combineTargets + chapters + exerciseTargets + [
        .target(name: "Locking"),
        .target(name: "LocalServer", dependencies: ["Locking"]),
        .target(name: "Workbook", dependencies: combine + ["Locking", "LocalServer"]),
        .target(name: "TypedClient", dependencies: combine + ["Workbook"]),
        // Speed targets, measured in release builds: `swift run -c release CombineBenchmark`.
        .executableTarget(
            name: "CombineBenchmark", dependencies: combine, path: "Benchmarks/CombineBenchmark"),
        .executableTarget(
            name: "ServerBenchmark", dependencies: ["LocalServer", "Workbook"],
            path: "Benchmarks/ServerBenchmark"),
        // A child process for the tests that must watch a process crash (the main-actor isolation check).
        .executableTarget(
            name: "IsolationProbe", dependencies: combine + ["LocalServer"], path: "Sources/IsolationProbe"),
        // Combine's behaviour, checked against whichever Combine the platform builds with.
        .testTarget(
            name: "CombineTests", dependencies: combine + ["Workbook", "LocalServer", "IsolationProbe"]),
        .testTarget(name: "LocalServerTests", dependencies: ["LocalServer", "Workbook"]),
        .testTarget(name: "WorkbookTests", dependencies: combine + ["Workbook", "LocalServer", "Locking"]),
        .testTarget(
            name: "ChapterTests",
            dependencies: combine + ["Workbook", "TypedClient", "LocalServer"]
                + chapters.map { .target(name: $0.name) }
        ),
        .testTarget(
            name: "DocsTests",
            dependencies: combine + ["Workbook", "LocalServer"] + chapters.map { .target(name: $0.name) }
        ),
    ]
)
