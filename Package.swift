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

/// One executable target a chapter, in `Chapters/NN-Name`, run as `swift run Name`: what every
/// chapter uses, and what this one uses besides (a test holds each to its imports).
func chapter(_ number: String, _ name: String, alsoUses: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: combine + ["ChapterRunner", "Harness", "LoopbackLab", "Quantities", "Timelines"]
            + alsoUses,
        path: "Chapters/\(number)-\(name)"
    )
}

let chapters = [
    chapter("01", "ColdPublishers", alsoUses: ["TimeControl"]),
    chapter("02", "StatusIsAValue", alsoUses: ["LocalServer", "TypedClient", "URLErrorNames"]),
    chapter("03", "TypedErrors", alsoUses: ["TimeControl", "TypedClient"]),
    chapter("04", "RetryPlacement", alsoUses: ["Locking", "TimeControl", "TypedClient"]),
    chapter("05", "Cancellation", alsoUses: ["LocalServer", "Locking", "TimeControl"]),
    chapter("06", "ThreadDelivery", alsoUses: ["ChildProcesses", "Locking", "TimeControl", "TypedClient"]),
    chapter("07", "ConditionalRequests", alsoUses: ["Locking", "TimeControl", "TypedClient"]),
    chapter("08", "ThreeWays", alsoUses: ["ChildProcesses", "Locking", "TimeControl", "TypedClient"]),
    chapter("09", "CodeReview", alsoUses: ["LocalServer", "Locking", "TimeControl", "TypedClient"]),
]

/// The classroom exercises, one folder each, `NN-Name`: the one list the exercise targets below are
/// made from (the catalog in `Sources/ExerciseChecks/Catalog.swift` lists the same, as a test checks).
let exerciseFolders = [
    "01-ShareReplayingLatest", "02-ValidatedBody", "03-LoadUser", "04-RetryWithinBudget", "05-LatestSearch",
    "06-ProfileScreenModel", "07-ModifiedSinceLoader", "08-WrapCompletionHandler", "09-UserListModel",
]

/// Each exercise folder is a module of its own in each edition: the student's copy
/// (`Sources/Exercises`, module `NameExercise`) and the untouched starters `workbook reset` copies
/// back (`Sources/Starters`, `NameStarter`). A module per exercise is what lets one that does not
/// compile fail only its own checks, and keeps the helpers a student writes in one exercise from
/// clashing with another's. They see `ExerciseSupport` (the shapes the exercises hand over), never
/// the checks.
///
/// `swift run workbook student-edition` writes this manifest without the lines between each
/// `full edition: begin` and `full edition: end` comment: whatever names a reference solution or
/// another correct answer goes inside such a section.
// full edition: begin
// The reference solutions are a third edition (`Sources/Solutions`, modules `NameSolution`), and
// `SolutionCheckRunner` runs a check against them for the proof tests.
// full edition: end
func exerciseModule(_ folder: String, edition: String) -> Target {
    .target(
        name: exerciseName(folder) + edition.dropLast(),
        dependencies: combine + ["ExerciseSupport", "TypedClient", "Locking"],
        // The learner's folder is a source of the target rather than its path: a folder the learner
        // deleted (a clone has no empty one) is then only a warning, so the package still loads
        // and every other exercise builds; `workbook check` says which file is missing.
        path: edition == "Exercises" ? "Sources/Exercises" : "Sources/\(edition)/\(folder)",
        exclude: edition == "Exercises" ? exerciseFolders.filter { $0 != folder } : [],
        sources: edition == "Exercises" ? [folder] : nil)
}

/// `ShareReplayingLatest` for `01-ShareReplayingLatest`.
func exerciseName(_ folder: String) -> String {
    String(folder.drop { $0 != "-" }.dropFirst())
}

let editions = [
    "Exercises", "Starters",
    // full edition: begin
    "Solutions",
    // full edition: end
]

/// The student's copies are in the package only when `WORKBOOK_LEARNER_COPIES` is set, as
/// `workbook check` sets it for the build of one exercise's runner. `swift build` and `swift test`
/// build every target of a package, and a student's file may not compile or may be gone, so
/// without the variable they never see those files: the tests prove the starters and the
/// solutions, never the student's copies.
let learnerCopies = Context.environment["WORKBOOK_LEARNER_COPIES"] != nil
let builtEditions = editions.filter { learnerCopies || $0 != "Exercises" }
let exerciseModules = builtEditions.flatMap { edition in
    exerciseFolders.map { exerciseModule($0, edition: edition) }
}

/// The check runners, each running one check in a child process that `workbook check` starts, so a
/// crash or a hang in the code under check ends that process, never the runner. One per exercise
/// for the student's copy (`NameCheckRunner`, there with the student's copies), so `workbook check N`
/// builds exercise N alone; one for all the starters and one for all the solutions, which the proof
/// tests start.
let checkRunners: [Target] =
    (learnerCopies ? exerciseFolders : []).map { folder in
        .executableTarget(
            name: exerciseName(folder) + "CheckRunner",
            dependencies: ["ExerciseChecks", .target(name: exerciseName(folder) + "Exercise")],
            path: "Sources/CheckRunners/\(folder)")
    }
    + [
        "Starter",
        // full edition: begin
        "Solution",
        // full edition: end
    ].map { edition in
        .executableTarget(
            name: edition + "CheckRunner",
            dependencies: ["CheckProcesses", "ExerciseChecks"]
                + exerciseFolders.map { .target(name: exerciseName($0) + edition) },
            path: "Sources/CheckRunners/\(edition)s")
    }

let exerciseTargets: [Target] =
    exerciseModules + checkRunners + [
        .target(
            name: "ExerciseSupport", dependencies: combine + ["TypedClient", "Locking", "URLErrorNames"]),
        // The exercises as the learner's runner sees them: each one's task, hint and checks' sentences.
        .target(name: "ExerciseCatalog"),
        // How a check runs: its runner built in the package, each check in a process of its own, the
        // verdict sealed on its way back. All the learner's runner needs besides the catalog.
        .target(
            name: "CheckProcesses",
            dependencies: ["ChildProcesses", "ExerciseCatalog", "Locking", "Quantities", "Verdicts"]),
        // What each exercise's checks measure, against the lab; linked only into the check processes.
        .target(
            name: "ExerciseChecks",
            dependencies: combine + [
                "CheckProcesses", "ExerciseCatalog", "ExerciseSupport", "Harness", "LocalServer", "Locking",
                "LoopbackLab", "Quantities", "TimeControl", "TypedClient", "Verdicts",
            ]),
        // The teacher's side: grading a class, the student edition and its Classroom workflow, and
        // the reports graders read.
        .target(
            name: "Classroom",
            dependencies: ["CheckProcesses", "ChildProcesses", "ExerciseCatalog", "Quantities", "Verdicts"]),
        .executableTarget(
            name: "WorkbookCommand",
            dependencies: [
                "CheckProcesses", "ChildProcesses", "Classroom", "ExerciseCatalog", "Quantities", "Verdicts",
            ]),
        .testTarget(
            name: "ExerciseTests",
            dependencies: combine + [
                "CheckProcesses", "ChildProcesses", "Classroom", "ExerciseCatalog", "ExerciseChecks",
                "ExerciseSupport", "Harness", "Locking", "LoopbackLab", "StarterCheckRunner", "TestSupport",
                "TimeControl", "TypedClient", "Verdicts", "WorkbookCommand",
                // full edition: begin
                "SolutionCheckRunner", "AnswerVariants", "VariantCheckRunner",
                // full edition: end
            ]),
    ]

/// Wrong and right answers to the exercises, each bound to its exercise's code type, for the tests
/// that prove what the checks make of them (`Tests/ExerciseTests/VariantTests.swift`).
let answerVariantTargets: [Target] = [
    // full edition: begin
    .target(
        name: "AnswerVariants",
        dependencies: combine + [
            "CheckProcesses", "ExerciseCatalog", "ExerciseChecks", "ExerciseSupport", "Harness", "Locking",
            "TimeControl", "TypedClient",
        ]),
    // Runs a check against one variant in a process of its own, for the variants that end it or hang.
    .executableTarget(
        name: "VariantCheckRunner", dependencies: ["ExerciseChecks", "AnswerVariants"],
        path: "Tests/VariantCheckRunner"),
    // full edition: end
]

let package = Package(
    name: "CombineNetworkingWorkbook",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "workbook", targets: ["WorkbookCommand"])
    ],
    targets: combineTargets + chapters + exerciseTargets + answerVariantTargets + [
        .target(name: "Locking"),
        // A measurement's verdict and how a terminal marks it: all the learner's runner needs of a report.
        .target(name: "Verdicts"),
        .target(name: "LocalServer", dependencies: ["Locking"]),
        // How long and how many, as the reports print them.
        .target(name: "Quantities"),
        // How a chapter or a check names a URLError code, shared by the taught client and the harness.
        .target(name: "URLErrorNames"),
        // The record of a run: what happened, on which lane, when. Drawn by TimelineDrawing.
        .target(name: "Timelines", dependencies: ["Locking"]),
        // The loopback lab every chapter and check talks to: the local server with the shared routes.
        .target(name: "LoopbackLab", dependencies: ["LocalServer", "Locking", "Timelines"]),
        // Waiting for a condition with a deadline, and a scheduler whose clock moves only when told:
        // what Combine's own tests need besides Combine, so they build without the harness.
        .target(name: "TimeControl", dependencies: combine + ["Locking"]),
        // Rules, findings and reports; measuring and recording a run.
        .target(
            name: "Harness",
            dependencies: combine + [
                "LocalServer", "Locking", "LoopbackLab", "Quantities", "TimeControl", "Timelines",
                "URLErrorNames", "Verdicts",
            ]),
        // A timeline drawn as an SVG picture or an interactive HTML page.
        .target(name: "TimelineDrawing", dependencies: ["Quantities", "Timelines"]),
        // What every chapter's `main.swift` calls: its command line, its run, its pictures.
        .target(
            name: "ChapterRunner",
            dependencies: ["Harness", "Quantities", "TimelineDrawing", "Timelines", "Verdicts"]),
        // Starting a child process with a deadline, and reading how it ended.
        .target(name: "ChildProcesses", dependencies: ["Locking", "Quantities"]),
        // For the test targets only: running the chapters' executables, a headless browser, picture checks.
        .target(
            name: "TestSupport",
            dependencies: ["ChildProcesses", "Harness", "Locking", "LoopbackLab", "TimelineDrawing"]),
        // The sample client the chapters teach; it knows nothing of the harness that measures it.
        .target(name: "TypedClient", dependencies: combine + ["URLErrorNames"]),
        // The site's DocC catalog made from docs/ at build time (`scripts/build-site`).
        .executableTarget(name: "SiteCatalog"),
        // The code of the site's tutorials' steps (`Sources/TutorialCode`), built so that a step that stops
        // compiling fails the build, with the chapters' files some steps call linked in `ChapterFiles`.
        .target(
            name: "TutorialCode",
            dependencies: combine + ["Harness", "Locking", "LoopbackLab", "Quantities", "Timelines", "TypedClient"]),
        // Speed targets, measured in release builds: `swift run -c release CombineBenchmark`.
        .executableTarget(
            name: "CombineBenchmark", dependencies: combine, path: "Benchmarks/CombineBenchmark"),
        .executableTarget(
            name: "ServerBenchmark", dependencies: ["LocalServer", "LoopbackLab"],
            path: "Benchmarks/ServerBenchmark"),
        // A child process for the tests that must watch a process crash (the main-actor isolation check).
        .executableTarget(
            name: "IsolationProbe", dependencies: combine + ["LocalServer"], path: "Sources/IsolationProbe"),
        // A child process for the tests that watch breakpoint() stop a process.
        .executableTarget(name: "BreakpointProbe", dependencies: combine, path: "Sources/BreakpointProbe"),
        // Combine's behaviour, checked against whichever Combine the platform builds with.
        .testTarget(
            name: "CombineTests",
            dependencies: combine + [
                "BreakpointProbe", "ChildProcesses", "IsolationProbe", "LocalServer", "Locking",
                "LoopbackLab", "TimeControl",
            ]),
        .testTarget(
            name: "LocalServerTests", dependencies: ["ChildProcesses", "LocalServer", "Locking"]),
        .testTarget(
            name: "HarnessTests",
            dependencies: combine + [
                "ChapterRunner", "Harness", "LocalServer", "Locking", "LoopbackLab", "Quantities",
                "TestSupport", "TimeControl", "TimelineDrawing", "Timelines", "Verdicts",
            ]),
        .testTarget(
            name: "ChapterTests",
            dependencies: combine + [
                "ChildProcesses", "Harness", "Locking", "LoopbackLab", "Quantities", "TestSupport",
                "TimeControl", "TypedClient",
            ]
                + chapters.map { .target(name: $0.name) }
        ),
        // The site built from docs/: what the conversion keeps, and the site in headless Chromium.
        .testTarget(
            name: "SiteTests", dependencies: ["ChildProcesses", "Locking", "SiteCatalog", "TestSupport"]),
        .testTarget(
            name: "DocsTests",
            dependencies: [
                "ChapterRunner", "ChildProcesses", "Harness", "Locking", "TestSupport", "TimelineDrawing",
                "Timelines",
            ] + chapters.map { .target(name: $0.name) }
        ),
    ]
)

/// Chapters 6 and 8's children built again under the build settings a new Xcode project may have,
/// one target a setting, from the same files (`Sources/BuildSettings`), so that each chapter can run
/// its own code as such a project builds it. The settings are spelled as compiler flags because
/// `.defaultIsolation(MainActor.self)` needs tools version 6.2; a compiler older than 6.2 knows
/// neither setting, and then the chapters say so instead.
#if compiler(>=6.2)
    let mainActorByDefault = SwiftSetting.unsafeFlags(["-default-isolation", "MainActor"])
    let nonisolatedNonsending = SwiftSetting.enableUpcomingFeature("NonisolatedNonsendingByDefault")
    let buildSettingTargets: [Target] = [
        ("MainActor", [mainActorByDefault]), ("Nonsending", [nonisolatedNonsending]),
        ("Both", [mainActorByDefault, nonisolatedNonsending]),
    ].map { folder, settings in
        .executableTarget(
            name: "BuildSettings" + folder,
            dependencies: combine + [
                "Harness", "Locking", "LoopbackLab", "TimeControl", "Timelines", "TypedClient",
            ],
            path: "Sources/BuildSettings/\(folder)", swiftSettings: settings)
    }
    package.targets += buildSettingTargets
    for target in package.targets where ["ThreadDelivery", "ThreeWays"].contains(target.name) {
        target.dependencies += buildSettingTargets.map { .target(name: $0.name) }
    }
#endif
