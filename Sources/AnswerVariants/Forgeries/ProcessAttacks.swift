import Combine
import ExerciseCatalog
import ExerciseChecks
import ExerciseSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Answers that go after the check process's surroundings rather than its output: the seal in
// memory, the grader itself, and the runners of other exercises. Like the forgeries, they answer
// exercise 2 and use only Foundation and the C library.

/// Every attack on the grader tried here, each ending its check process with status 0.
enum ProcessAttack: CaseIterable {
    /// A1: a sealed passing line for every run of 32 hex digits in the process's own memory, where
    /// the check process holds its seal.
    case ownMemory
    /// A2: the same for the memory of the parent, the grader, which keeps only digests.
    case parentMemory
    /// A3: SIGKILL to the parent when it is `workbook`, ending a class's grading; any other parent
    /// (a test's) is left alone.
    case killTheGrader
    /// A4: a process in a session of its own, holding standard output open for an hour, and a
    /// guessed sealed line.
    case leftoverProcess
    /// A5: every other check runner in the folder `WORKBOOK_FORGERY_RUNNERS` names (copies, never
    /// the build's own) rewritten as a script that passes whatever check it is asked for.
    case runnersRewritten

    var name: String {
        switch self {
        case .ownMemory: "attack: every hex token in its own memory, sent as the seal"
        case .parentMemory: "attack: every hex token in the grader's memory, sent as the seal"
        case .killTheGrader: "attack: SIGKILL to the grader"
        case .leftoverProcess: "attack: a setsid process left holding the output, and a guessed seal"
        case .runnersRewritten: "attack: the other exercises' check runners rewritten to pass"
        }
    }

    /// What each check measures of it. Its own memory holds both of the seal's tokens, so its
    /// lines are refused; the grader's memory cannot be read by a check process that gave up root
    /// (`parentMemory` runs so, as `grade` runs it as root), nor does it hold a token.
    var rejection: String {
        switch self {
        case .ownMemory, .leftoverProcess: "its output was refused"
        case .parentMemory, .killTheGrader, .runnersRewritten: "the check did not finish"
        }
    }

    /// The environment its checks run with, beside the variant's name.
    var checkEnvironment: [String: String] {
        self == .parentMemory ? ["WORKBOOK_CHECK_AS_NOBODY": "1"] : [:]
    }

    func commit() -> Never {
        switch self {
        case .ownMemory:
            printSealedLines(forEveryTokenIn: "self")
        case .parentMemory:
            printSealedLines(forEveryTokenIn: String(getppid()))
        case .killTheGrader:
            let comm = try? String(contentsOfFile: "/proc/\(getppid())/comm", encoding: .utf8)
            if comm == "workbook\n" {
                let killed = kill(getppid(), SIGKILL)
                print("kill(grader, SIGKILL): \(killed == 0 ? "done" : String(cString: strerror(errno)))")
            }
        case .leftoverProcess:
            leaveASleepRunning()
            print(guessedLine)
        case .runnersRewritten:
            rewriteOtherRunners()
        }
        fflush(nil)
        _exit(0)
    }
}

/// A passing report as a check process seals it.
private let passingReport = #"{"verdict":{"expected":"forged","measured":"forged","holds":true}}"#

/// A sealed passing line whose token is a guess.
private let guessedLine = "workbook-verdict \(String(repeating: "0", count: 32)) \(passingReport)"

/// Prints a sealed passing line for every run of 32 hex digits in `process`'s memory, or why its
/// memory could not be read.
private func printSealedLines(forEveryTokenIn process: String) {
    do {
        for token in try hexTokens(inMemoryOf: process) {
            print("workbook-verdict \(token) \(passingReport)")
        }
    } catch {
        print("memory scan refused: \(error)")
    }
}

/// Starts `sleep 3600` in a session of its own (`POSIX_SPAWN_SETSID`), with this process's standard
/// output, and prints its process id. An hour, far past any time a check of it may take however
/// busy the machine: a check that waited for it could not pass for one that did not.
private func leaveASleepRunning() {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID, glibc's 0x80, which its Swift module leaves out.
    posix_spawnattr_setflags(&attributes, 0x80)
    let words: [String] = ["sleep", "3600"]
    let argv = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let started = posix_spawnp(&pid, "sleep", nil, &attributes, argv, environ)
    print(started == 0 ? "left running: \(pid)" : "could not start sleep: \(started)")
}

/// Rewrites each file named `…CheckRunner` in `WORKBOOK_FORGERY_RUNNERS` but this runner's own
/// name as a script that reads the seal and prints a sealed passing line, and prints what became
/// of each. Without the variable it does nothing: the build's own runners are never touched.
private func rewriteOtherRunners() {
    guard let folder = ProcessInfo.processInfo.environment["WORKBOOK_FORGERY_RUNNERS"] else { return }
    let own = URL(filePath: CommandLine.arguments[0]).lastPathComponent
    let script = """
        #!/bin/sh
        read -r passing failing
        echo "workbook-verdict $passing {\\"verdict\\":{\\"expected\\":\\"forged\\",\\"measured\\":\\"forged\\",\\"holds\\":true}}"

        """
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names.sorted() where name.hasSuffix("CheckRunner") && name != own {
        let path = folder + "/" + name
        let file = open(path, O_WRONLY | O_TRUNC)
        guard file >= 0 else {
            print("\(name): \(String(cString: strerror(errno)))")
            continue
        }
        let bytes = Array(script.utf8)
        let written = write(file, bytes, bytes.count)
        close(file)
        print("\(name): \(written == bytes.count ? "rewritten" : String(cString: strerror(errno)))")
    }
}

let processAttacks: [AnswerVariant] = ProcessAttack.allCases.map { attack in
    var variant = AnswerVariant.forging(
        2, attack.name,
        ValidatedBodyCode { _ -> AnyPublisher<Data, ServiceFailure> in attack.commit() },
        measuring: attack.rejection)
    variant.checkEnvironment = attack.checkEnvironment
    variant.leavesAProcessRunning = attack == .leftoverProcess
    return variant
}
