import Foundation
import LoopbackLab

/// Keeps a fixed number of keep-alive connections busy from one thread and times every request.
///
/// The generator shares the machine's cores with the server it measures, so it is built to cost as
/// little as possible: one thread waiting in `poll(2)` serves every connection, and a request costs
/// it about one `send`, one `recv`, a share of one `poll` and one clock reading. Each connection
/// sends its next request as soon as its previous response is complete.
final class LoadGenerator {
    private let connections: [ClientConnection]
    /// `poll`'s view of `connections`, index for index.
    private var watched: [pollfd]

    /// How long a phase waits after its end for the responses still in flight, before it counts
    /// them as errors; keeps every phase bounded even when the server stops answering.
    private static let drainTimeout: UInt64 = 1_000_000_000
    /// The longest `poll` sleeps before the phase checks the clock again.
    private static let pollIntervalMilliseconds: UInt64 = 100

    /// Opens `connectionCount` connections to 127.0.0.1:`port`, each of which will ask for
    /// `Route.user` and expect `RouteTable.userBody` back.
    init(port: UInt16, connectionCount: Int) throws(SocketError) {
        // The smallest request a keep-alive HTTP/1.1 GET can be.
        let request = Array("GET \(Route.user) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        let expectedBody = Array(RouteTable.userBody.utf8)
        var connections: [ClientConnection] = []
        for _ in 0..<connectionCount {
            connections.append(try ClientConnection(port: port, request: request, expectedBody: expectedBody))
        }
        self.connections = connections
        watched = connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
    }

    /// Runs load for `duration`, or until `maximumRequests` have been answered, then waits (a bounded
    /// time) for the requests still in flight so that the connections are idle again.
    ///
    /// A response that completes after the end is neither counted nor timed.
    func run(for duration: Duration, maximumRequests: Int) -> LoadPhase {
        var phase = LoadPhase(latencies: [], errors: 0, elapsedNanoseconds: 0)
        phase.latencies.reserveCapacity(maximumRequests)
        let start = Self.now()
        let deadline = start + duration.wholeNanoseconds
        for index in connections.indices {
            phase.errors += sendRequest(on: index, at: Self.now())
        }
        while true {
            let now = Self.now()
            guard now < deadline, phase.latencies.count < maximumRequests else {
                phase.elapsedNanoseconds = min(now, deadline) - start
                break
            }
            guard waitForReadable(until: deadline, now: now) else {
                phase.errors += 1
                phase.elapsedNanoseconds = now - start
                break
            }
            for index in watched.indices where watched[index].revents != 0 {
                switch connections[index].readAvailable() {
                case .incomplete:
                    break
                case .answered:
                    let answeredAt = Self.now()
                    guard answeredAt < deadline else { continue }
                    phase.latencies.append(answeredAt - connections[index].sentAt)
                    phase.errors += sendRequest(on: index, at: answeredAt)
                case .failed:
                    phase.errors += 1
                    reopen(index)
                    let now = Self.now()
                    if now < deadline { phase.errors += sendRequest(on: index, at: now) }
                }
            }
        }
        phase.errors += drain()
        return phase
    }

    func close() {
        connections.forEach { $0.close() }
    }

    /// Waits in `poll` until a connection is readable or the next clock check is due; false only
    /// when `poll` itself failed.
    private func waitForReadable(until deadline: UInt64, now: UInt64) -> Bool {
        let untilDeadline = (deadline - now) / 1_000_000 + 1
        let timeout = Int32(min(untilDeadline, Self.pollIntervalMilliseconds))
        return poll(&watched, nfds_t(watched.count), timeout) >= 0 || errno == EINTR
    }

    /// Reads the responses still in flight without counting them; returns how many failed or never
    /// came (their connections are reopened, so the next phase starts on clean connections).
    private func drain() -> Int {
        var errors = 0
        let giveUp = Self.now() + Self.drainTimeout
        while connections.contains(where: \.isAwaitingResponse) {
            let now = Self.now()
            guard now < giveUp else { break }
            guard waitForReadable(until: giveUp, now: now) else { break }
            for index in watched.indices where watched[index].revents != 0 {
                guard connections[index].isAwaitingResponse else { continue }
                if connections[index].readAvailable() == .failed {
                    errors += 1
                    reopen(index)
                }
            }
        }
        for index in connections.indices where connections[index].isAwaitingResponse {
            errors += 1
            reopen(index)
        }
        return errors
    }

    /// Sends the next request on a connection, reopening the connection once if that fails;
    /// returns how many errors that met.
    private func sendRequest(on index: Int, at now: UInt64) -> Int {
        if connections[index].send(at: now) { return 0 }
        reopen(index)
        return connections[index].send(at: Self.now()) ? 1 : 2
    }

    /// Replaces a failed connection; when no new one can be opened, the place stays empty
    /// (`poll` skips a negative descriptor) and every later send on it counts as an error.
    private func reopen(_ index: Int) {
        do {
            try connections[index].reopen()
        } catch {
            connections[index].close()
        }
        watched[index].fd = connections[index].descriptor
    }

    /// A monotonic clock in nanoseconds, read through the vDSO without a system call.
    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}

/// What one phase of load measured.
struct LoadPhase {
    /// The time from sending to the last byte of the response, in nanoseconds, for each request
    /// answered within the phase.
    var latencies: [UInt64]
    /// Failed or unexpected exchanges, and sends or reconnects that failed.
    var errors: Int
    /// How long requests were being sent and counted.
    var elapsedNanoseconds: UInt64

    var answered: Int { latencies.count }

    var requestsPerSecond: Double {
        elapsedNanoseconds == 0 ? 0 : Double(answered) * 1e9 / Double(elapsedNanoseconds)
    }
}

extension Duration {
    /// The duration in whole nanoseconds, for arithmetic on `DispatchTime` readings; zero when negative.
    var wholeNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
