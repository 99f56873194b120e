import CheckProcesses
import ExerciseCatalog
import Foundation

/// The platforms `workbook assignment` writes a grading kit for.
public enum AssignmentPlatform: String, CaseIterable, Sendable {
    case classroom50
    case gradescope

    /// The command line that writes this platform's kit, as an example.
    public var example: String {
        switch self {
        case .classroom50: "`workbook assignment classroom50 ../combine-kit`"
        case .gradescope: "`workbook assignment gradescope ../combine-autograder.zip`"
        }
    }
}

/// `workbook assignment PLATFORM DEST`: writes the platform's kit and says what to do with it.
public func writeAssignment(
    for platform: AssignmentPlatform, from layout: Layout, to destination: URL
) -> Int32 {
    do {
        switch platform {
        case .classroom50:
            try Classroom50Kit.write(from: layout.root, into: destination)
            say(
                """
                The Classroom 50 assignment is in \(destination.path):
                  template/      the student edition: push it as the assignment's template repository
                  bundle/        your grading: commit it as CLASSROOM/autograders/SLUG/ in your classroom50 repository
                  tests.json     one test per exercise, for `gh teacher assignment add … --tests`
                  runtime.json   GitHub's Ubuntu 24.04 runner, which has Swift, for `--runtime`
                README.md there has the commands; docs/teaching.md goes through them.
                """)
        case .gradescope:
            try GradescopeKit.write(from: layout.root, to: destination)
            say(
                """
                The Gradescope autograder is \(destination.path): upload it as a programming assignment's
                autograder (setup.sh installs Swift and builds your checks; run_autograder grades each
                submission with them). docs/teaching.md says which settings it needs.
                """)
        }
        return 0
    } catch {
        complain("workbook: " + error.message)
        return 2
    }
}

/// The grading every kit runs: `grade` of this package's `workbook`, in place, on the student's
/// copy. The package is always the kit's own copy of the teacher's edition, named by path so that
/// the student's copy (a workbook package too, and the current folder on Classroom 50) is never the
/// one built or run; only its exercise files are read.
func gradingCommand(package: String, submission: String, _ options: String) -> String {
    "swift run --package-path \(package) workbook --package-path \(package) grade \(submission) --in-place \(options)"
}

/// The line the kits' scripts start with: every SwiftPM run of the package, `grade`'s own builds
/// among them, sees the student's copies (`Package.swift` says why they are left out otherwise),
/// so that SwiftPM evaluates the manifest once rather than at every switch.
let learnerCopiesExport = "export WORKBOOK_LEARNER_COPIES=1"

/// A Classroom 50 assignment: the template repository's contents, the teacher-only bundle with the
/// grading, a declarative test per exercise and the runtime block.
enum Classroom50Kit {
    /// How long each test's setup and run may take: Classroom 50's most, since the first test
    /// builds the teacher's package; the whole grading job has 15 minutes all the same.
    static let testTimeout = 600

    /// The script each test runs in the student's checkout, from the bundle.
    static let gradeScript = "grade-exercise"

    static func write(from source: URL, into folder: URL) throws(StudentEditionProblem) {
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path), !entries.isEmpty {
            throw StudentEditionProblem("\(folder.path) is not empty; name a new or empty folder")
        }
        try StudentEdition.write(from: source, into: folder.appending(path: "template"))
        try StudentEdition.write(from: source, into: folder.appending(path: "bundle/workbook"))
        try kitFile(
            gradeExerciseScript(), at: folder.appending(path: "bundle/" + gradeScript), executable: true)
        try kitFile(testsJSON(), at: folder.appending(path: "tests.json"))
        try kitFile(runtimeJSON, at: folder.appending(path: "runtime.json"))
        try kitFile(classroom50Readme(), at: folder.appending(path: "README.md"))
    }

    /// The declarative tests: per exercise, a `run` test worth its points whose setup builds the
    /// teacher's runner (at once after the first) and whose command grades that exercise alone.
    static func tests() -> [DeclarativeTest] {
        zip(exercises, exercisePoints()).map { exercise, points in
            DeclarativeTest(
                name: "Exercise \(exercise.number) · \(exercise.name)", type: "run",
                setup: #"bash "$CLASSROOM50_BUNDLE_DIR/\#(gradeScript)" --build"#,
                run: #"bash "$CLASSROOM50_BUNDLE_DIR/\#(gradeScript)" \#(exercise.number)"#,
                timeout: testTimeout,
                points: points)
        }
    }

    static func testsJSON() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(tests())) ?? Data(), as: UTF8.self) + "\n"
    }

    /// GitHub's Ubuntu 24.04 runner, not a container. Classroom 50's grading job runs `curl`,
    /// `python3` and `gh` in whatever environment the runtime names (its `autograde-runner.yaml`),
    /// and Swift's official image has neither `curl` (its Dockerfile removes it once Swift is in)
    /// nor `gh`. GitHub's image has all three, and Swift: 6.3.3 in its release notes of July 2026.
    /// Pinned rather than `ubuntu-latest`, which moves to Ubuntu 26.04. (Read from those sources;
    /// no GitHub job runs here.)
    static let runtimeJSON = """
        {
          "runs-on": "ubuntu-24.04"
        }

        """

    static func gradeExerciseScript() -> String {
        """
        #!/usr/bin/env bash
        # Classroom 50 runs this in the student's checkout, once per exercise (tests.json): with
        # --build it builds the grading runner of the teacher's package beside it; with a number it
        # grades that exercise of the checkout with the teacher's checks and exits 0 only when every
        # check passes. Only the checkout's Sources/Exercises files are read. Written by
        # `swift run workbook assignment classroom50`.
        set -euo pipefail
        bundle="${CLASSROOM50_BUNDLE_DIR:?Classroom 50 names this bundle in CLASSROOM50_BUNDLE_DIR}"
        # Graded as root where the job's user may use sudo without a password (GitHub's runners),
        # `grade` runs each check as the user nobody, whose code then cannot change this bundle
        # for the exercises graded after it, nor stop the grading.
        if [[ "$(id -u)" != 0 ]] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            exec sudo -n env "PATH=$PATH" "CLASSROOM50_BUNDLE_DIR=$bundle" bash "$0" "$@"
        fi
        package="$bundle/workbook"
        \(learnerCopiesExport)
        if ! command -v swift >/dev/null 2>&1; then
            echo "grade-exercise: no swift on this machine; the assignment's runtime must provide Swift 6.3 or later" >&2
            exit 2
        fi
        if [[ "${1:-}" == "--build" ]]; then
            exec swift build --package-path "$package" --product workbook
        fi
        exec \(gradingCommand(package: #""$package""#, submission: #""$PWD""#, #"--exercise "$1""#))

        """
    }
}

/// One of Classroom 50's declarative tests, as `gh teacher assignment add --tests` reads them.
struct DeclarativeTest: Codable, Equatable {
    let name: String
    let type: String
    let setup: String?
    let run: String
    let timeout: Int
    let points: Int
}

/// A Gradescope autograder: `setup.sh` and `run_autograder` at the zip's root, beside the
/// teacher's package in `workbook/`.
enum GradescopeKit {
    /// The variable that moves Gradescope's `/autograder` elsewhere, so that the kit can be run
    /// where there is no Gradescope.
    static let rootVariable = "WORKBOOK_AUTOGRADER_ROOT"

    static func write(from source: URL, to archive: URL) throws(StudentEditionProblem) {
        guard archive.pathExtension == "zip" else {
            throw StudentEditionProblem(
                "\(archive.path) should end in .zip: Gradescope takes the autograder as a zip")
        }
        guard !FileManager.default.fileExists(atPath: archive.path) else {
            throw StudentEditionProblem("\(archive.path) exists already; name a new file")
        }
        let staging = FileManager.default.temporaryDirectory.appending(
            path: "workbook-kit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        try StudentEdition.write(from: source, into: staging.appending(path: "workbook"))
        var zip = ZipArchive()
        zip.add("setup.sh", contents: Data(setupScript(swiftVersion: swiftVersion).utf8), permissions: 0o755)
        zip.add("run_autograder", contents: Data(runAutograder().utf8), permissions: 0o755)
        let root = staging.appending(path: "workbook")
        for case let relative as String in FileManager.default.enumerator(atPath: root.path) ?? .init() {
            let file = root.appending(path: relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder),
                !isFolder.boolValue,
                let contents = try? Data(contentsOf: file)
            else { continue }
            let mode =
                (try? FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
            zip.add("workbook/" + relative, contents: contents, permissions: UInt16((mode ?? 0o644) & 0o777))
        }
        do {
            try FileManager.default.createDirectory(
                at: archive.deletingLastPathComponent(), withIntermediateDirectories: true)
            try zip.data.write(to: archive)
        } catch {
            throw StudentEditionProblem("could not write \(archive.path): \(error.localizedDescription)")
        }
    }

    /// Gradescope runs it once, as root, when it builds the autograder's image: Swift's own
    /// toolchain for the image's Ubuntu (with the libraries swift.org lists), checked against
    /// swift.org's signing keys, then the teacher's package built, every check runner with it.
    static func setupScript(swiftVersion: String) -> String {
        """
        #!/usr/bin/env bash
        # Gradescope runs this once, as root, when it builds the autograder's image. It installs Swift
        # \(swiftVersion) from swift.org for this image's Ubuntu, unless `swift` is there already, then
        # builds the teacher's package in workbook/ with every exercise's check runner, so that each
        # submission only rebuilds the student's files. Written by `swift run workbook assignment gradescope`.
        set -euo pipefail
        source_folder="$(cd "$(dirname "$0")" && pwd)"
        if ! command -v swift >/dev/null 2>&1; then
            export DEBIAN_FRONTEND=noninteractive
            apt-get update -q
            apt-get install -q -y binutils build-essential curl git gnupg2 libc6-dev libcurl4-openssl-dev \\
                libedit2 libncurses-dev libpython3-dev libsqlite3-0 libxml2-dev libz3-dev pkg-config tzdata \\
                zlib1g-dev
            . /etc/os-release
            version="\(swiftVersion)"
            platform="ubuntu${VERSION_ID}"
            url="https://download.swift.org/swift-${version}-release/${platform//./}/swift-${version}-RELEASE/swift-${version}-RELEASE-${platform}.tar.gz"
            work="$(mktemp -d)"
            curl -fsSL "$url" -o "$work/swift.tar.gz"
            curl -fsSL "$url.sig" -o "$work/swift.tar.gz.sig"
            export GNUPGHOME="$work/gnupg"
            mkdir -m 700 "$GNUPGHOME"
            curl -fsSL https://swift.org/keys/all-keys.asc | gpg --batch --quiet --import -
            gpg --batch --verify "$work/swift.tar.gz.sig" "$work/swift.tar.gz"
            tar -xzf "$work/swift.tar.gz" --directory / --strip-components=1
            chmod -R o+r /usr/lib/swift
            rm -rf "$work"
        fi
        swift --version
        \(learnerCopiesExport)
        swift build --package-path "$source_folder/workbook"

        """
    }

    static func runAutograder() -> String {
        """
        #!/usr/bin/env bash
        # Gradescope runs this for each submission: it grades the exercise files in
        # /autograder/submission with the teacher's checks in /autograder/source/workbook and
        # writes /autograder/results/results.json, a test per exercise. Nothing else of the
        # submission is built or run. \(rootVariable) moves /autograder elsewhere (for a trial run).
        # Written by `swift run workbook assignment gradescope`.
        set -uo pipefail
        root="${\(rootVariable):-/autograder}"
        \(learnerCopiesExport)
        package="$root/source/workbook"
        results="$root/results/results.json"
        mkdir -p "$root/results"
        rm -f "$results"
        \(gradingCommand(package: #""$package""#, submission: #""$root/submission""#, #"--gradescope "$results""#))
        status=$?
        if [[ ! -s "$results" ]]; then
            # Grading could not run at all: say so, scoring nothing, rather than leave Gradescope
            # without a results file.
            printf '{"score": 0, "output": "The grader could not run (exit %s); your teacher has its log.", "tests": []}\\n' \\
                "$status" >"$results"
        fi
        exit 0

        """
    }

    /// The Swift release setup.sh installs: the one this workbook is built and measured with.
    static let swiftVersion = "6.3.1"
}

/// Writes `text` to `file`, making its folder, executable when asked.
private func kitFile(_ text: String, at file: URL, executable: Bool = false) throws(StudentEditionProblem) {
    do {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        if executable {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
    } catch {
        throw StudentEditionProblem("could not write \(file.path): \(error.localizedDescription)")
    }
}
