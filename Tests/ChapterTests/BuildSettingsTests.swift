import Foundation
import Testing

@testable import ThreadDelivery
@testable import ThreeWays

/// The rows that run chapters 6 and 8's code built with the settings a new Xcode project may have:
/// each target in `Sources/BuildSettings` is run as a child, as the chapters run it.
#if compiler(>=6.2)
    @Suite("Chapters 6 and 8 under each build setting")
    struct BuildSettingsTests {
        @Test(arguments: ThreadDelivery.BuildSetting.allCases)
        func mainActorByDefaultCrashesFix1WrittenWithoutNonisolatedAndNothingElseChanges(
            setting: ThreadDelivery.BuildSetting
        ) async throws {
            let finding = try await measure { lab in await waysEnded(builtWith: setting, in: lab) }
            let unmarked = ["unmarked-function", "unmarked-extension-method"]
            let unmarkedCrashes = setting != .nonisolatedNonsending
            #expect(finding.value.otherwise == [], "\(finding.value)")
            // An extension's method is isolated as a free function is: both crash, or both load.
            #expect(finding.value.crashed == ["inline-closures"] + (unmarkedCrashes ? unmarked : []))
            #expect(unmarked.allSatisfy(finding.value.loaded.contains) == !unmarkedCrashes)
            #expect(finding.value.loaded.contains("nonisolated-function"))
            #expect(finding.value.loaded.contains("sendable-closures"))
            #expect(finding.value.loaded.contains("key-paths"))
            #expect(finding.holds)
        }

        @Test(arguments: ThreadDelivery.BuildSetting.allCases)
        func nonisolatedNonsendingKeepsTheHelperOnTheCallersActorAndBuildsTheInlineClosure(
            setting: ThreadDelivery.BuildSetting
        ) async throws {
            let finding = try await measure { lab in await helperResumption(builtWith: setting, in: lab) }
            let run = finding.value
            #expect(run.ending == "exit 0", "\(run)")
            let onTheCaller = setting != .mainActorByDefault
            #expect(run.resumption.helper == (onTheCaller ? .onTheMainThread : .offTheMainThread))
            #expect(run.resumption.inlineClosure == (onTheCaller ? .onTheMainThread : .notBuilt))
            // `@concurrent` leaves the caller's actor under every setting.
            #expect(run.resumption.concurrent == .offTheMainThread)
            #expect(finding.holds)
        }

        @Test(arguments: ThreeWays.BuildSetting.allCases)
        func eitherSettingMakesTheMigratedModelSetItsPictureOnTheMainThread(
            setting: ThreeWays.BuildSetting
        ) async throws {
            let finding = try await measure { lab in await migratedModel(builtWith: setting, in: lab) }
            #expect(finding.value.setOnMainThread == true, "\(finding.value)")
            #expect(finding.value.picture == "16×9 PNG")
            #expect(finding.value.ending == "exit 0")
            #expect(finding.holds)
        }

        @Test func mainActorByDefaultStopsTheUnmarkedImagePublisherAndTheMarkedOneLoads() async throws {
            let finding = try await measure { lab in await publisherNeedsNonisolated(in: lab) }
            #expect(finding.value.nonisolated == "16×9 PNG", "\(finding.value)")
            #expect(finding.value.unmarked == "stopped by the isolation check's signal")
            #expect(finding.holds)
        }
    }
#endif
