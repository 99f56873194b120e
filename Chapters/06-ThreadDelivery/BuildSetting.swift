import Foundation

/// The build settings a project made by a current Xcode may have, each naming the target in which
/// `Sources/BuildSettings` builds chapters 6 and 8's children with it. (Chapter 8 links this file.)
enum BuildSetting: String, CaseIterable, Sendable {
    /// Default actor isolation `MainActor`: unmarked code belongs to the main actor.
    case mainActorByDefault = "MainActor"
    /// The upcoming feature `NonisolatedNonsendingByDefault`: a nonisolated async function runs on
    /// its caller's actor.
    case nonisolatedNonsending = "Nonsending"
    /// Both.
    case both = "Both"

    /// The executable the setting's children are built as.
    var executable: String { "BuildSettings" + rawValue }

    /// Whether unmarked code belongs to the main actor under this setting.
    var isolatesToTheMainActor: Bool { self != .nonisolatedNonsending }

    /// Whether a nonisolated async function runs on its caller's actor under this setting.
    var runsAsyncOnTheCaller: Bool { self != .mainActorByDefault }

    /// How a report row names it.
    var name: String {
        switch self {
        case .mainActorByDefault: "MainActor by default"
        case .nonisolatedNonsending: "NonisolatedNonsendingByDefault"
        case .both: "both settings"
        }
    }
}
