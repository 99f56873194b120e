import AnswerVariants
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import TestSupport
import Testing
import TimeControl

@testable import CheckProcesses

#if canImport(Glibc)
    import Glibc
#endif

/// SHA-256 gives the digests FIPS 180-4's examples and NIST's long message give.
@Suite("Workbook: SHA-256 of a seal's tokens")
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func theDigestOfAKnownMessageIsTheStandardsOwn(message: String, digest: String) {
        #expect(SHA256.hexDigest(Array(message.utf8)) == digest)
    }

    @Test func theDigestOfAMillionAsIsTheStandardsOwn() {
        #expect(
            SHA256.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

/// The parent of a check process keeps nothing of its seal that could pass a check.
@Suite("Workbook: VerdictSeal in the parent's memory")
struct VerdictSealTests {
    #if os(Linux)
        /// While a check process holds its seal, this process (its parent) is scanned as a student's
        /// code running as root could scan it, for every run of 32 hex digits: none is the passing
        /// token, whose digest the check process writes down. A token held in a `String`, as the
        /// seal once kept it, is found: the control proves the scan would see one.
        @Test(.disabled(if: underThreadSanitizer, "a scan of a sanitized process outlasts its limits"))
        func aScanOfTheParentsMemoryFindsNoPassingToken() async throws {
            try await inTemporaryFolder("seal") { folder in
                let (digestFile, fifo) = (folder.appending(path: "digest"), folder.appending(path: "fifo"))
                try #require(mkfifo(fifo.path, 0o600) == 0)
                let runner = folder.appending(path: "runner")
                try Data(
                    """
                    #!/bin/sh
                    read -r passing failing
                    [ "$2" = 1 ] || exit 0
                    printf %s "$passing" | sha256sum > '\(digestFile.path).part'
                    mv '\(digestFile.path).part' '\(digestFile.path)'
                    read -r go < '\(fifo.path)'

                    """.utf8
                ).write(to: runner)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: runner.path)
                let exercise = try #require(exercises.first { $0.number == 3 })
                // The runner waits for the scan, however long a loaded machine makes it: the limit
                // only ends a test gone wrong. On a thread of its own, so that the wait for the
                // digest below does not wait for a turn on the busy suite's threads as well.
                let checks = Task(executorPreference: ThreadOfItsOwn.shared) {
                    await runChecks(
                        of: exercise, runner: runner,
                        limits: ChildLimits(time: .seconds(300), outputBytes: verdictLimits.outputBytes))
                }
                let written = await until(timeout: .seconds(30)) {
                    FileManager.default.fileExists(atPath: digestFile.path)
                }
                try #require(written)
                let digest = try String(contentsOf: digestFile, encoding: .utf8).prefix(64)
                let control = (0..<32).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
                let found = try withExtendedLifetime(control) { try hexTokens(inMemoryOf: "self") }
                let passing = found.filter { SHA256.hexDigest(Array($0.utf8)) == digest }
                // Never blocks: with the runner gone there is no reader, and the open fails at once.
                let go = open(fifo.path, O_WRONLY | O_NONBLOCK)
                #expect(go >= 0, "the check had ended before the scan did")
                if go >= 0 {
                    _ = write(go, "go\n", 3)
                    close(go)
                }
                _ = await checks.value
                #expect(found.contains(control), "the scan did not find a token held in a String")
                #expect(passing.isEmpty, "the parent's memory holds the passing token")
            }
        }
    #endif
}
