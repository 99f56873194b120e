// The smallest program that shows FoundationNetworking's busy wait on Linux: a request waiting for
// its answer on a fresh connection burns CPU the whole time; the same request on a reused
// connection, and an idle session, burn none. `scripts/foundation-networking-spin` builds and runs
// it; the script's header says why it happens and what the upstream fix is.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// How long the server holds each answer.
let answerDelay = Double(CommandLine.arguments.dropFirst().first ?? "") ?? 1

#if canImport(Glibc)
    let thisProcess = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
    let thisProcess = RUSAGE_SELF
#endif

/// This process's CPU time so far, user and system, in seconds.
func cpuTime() -> (user: Double, system: Double) {
    var usage = rusage()
    getrusage(thisProcess, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return (seconds(usage.ru_utime), seconds(usage.ru_stime))
}

/// A blocking HTTP/1.1 server on a loopback port of its own: it answers every request on a
/// connection with `ok` after `answerDelay`, and keeps the connection open for the next one.
func startServer() -> UInt16 {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            precondition(bind(listener, address, length) == 0 && listen(listener, 8) == 0)
            precondition(getsockname(listener, address, &length) == 0)
        }
    }
    Thread.detachNewThread {
        while case let connection = accept(listener, nil, nil), connection >= 0 {
            Thread.detachNewThread { serve(connection) }
        }
    }
    return UInt16(bigEndian: address.sin_port)
}

/// Answers each request head that arrives on `connection`, until the client closes it.
func serve(_ connection: Int32) {
    var pending = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(connection, &buffer, buffer.count), count > 0 {
        pending += buffer[..<count]
        while let end = pending.firstRange(of: Array("\r\n\r\n".utf8)) {
            pending.removeSubrange(..<end.upperBound)
            Thread.sleep(forTimeInterval: answerDelay)
            let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)
            _ = write(connection, answer, answer.count)
        }
    }
    close(connection)
}

/// Runs `work`, then prints how long it took and how much CPU this process spent meanwhile.
func measure(_ label: String, _ work: () -> Void) {
    let (startUser, startSystem) = cpuTime()
    let start = Date()
    work()
    let (user, system) = cpuTime()
    let cpu = (user - startUser) + (system - startSystem)
    print(
        label.padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(
                format: "%.2f s waited, %.2f CPU-s (user %.2f, system %.2f)", Date().timeIntervalSince(start),
                cpu, user - startUser, system - startSystem))
}

let url = URL(string: "http://127.0.0.1:\(startServer())/")!
let ephemeralSession = URLSession(configuration: .ephemeral)

/// Sends one GET through `ephemeralSession` and waits for its answer.
func fetch() {
    let answered = DispatchSemaphore(value: 0)
    ephemeralSession.dataTask(with: url) { _, response, error in
        precondition(
            error == nil && (response as? HTTPURLResponse)?.statusCode == 200, "\(String(describing: error))")
        answered.signal()
    }.resume()
    answered.wait()
}

print("each answer is held \(answerDelay) s by a server on loopback")
measure("an idle session, for as long:") { Thread.sleep(forTimeInterval: answerDelay) }
measure("a request on a fresh connection:", fetch)
measure("a request on the reused one:", fetch)
