import Foundation
import Synchronization

/// The connections one event loop serves: starting their exchanges, closing those past their
/// deadline, and closing all of them when the server stops.
///
/// Everything here runs on the group's loop thread.
final class ConnectionGroup: @unchecked Sendable {  // Confined to `loop`'s thread.
    let loop: EventLoop
    private let configuration: LocalServer.Configuration
    private let handler: LocalServer.Handler
    private let log: RequestLog
    private let admission: Admission
    private var connections: [Int: Connection] = [:]
    private var runningExchanges = 0
    private var stopped = false

    init(
        loop: EventLoop, configuration: LocalServer.Configuration, handler: @escaping LocalServer.Handler,
        log: RequestLog, admission: Admission
    ) {
        self.loop = loop
        self.configuration = configuration
        self.handler = handler
        self.log = log
        self.admission = admission
        loop.execute { [weak self] in
            loop.onDeadline { self?.closeExpiredConnections() }
        }
    }

    /// Serves a socket the listener accepted, or closes it when the server stopped in the meantime.
    func serve(_ descriptor: Int32, id: Int) {
        guard !stopped else {
            _ = Foundation.close(descriptor)
            return admission.release()
        }
        let connection = Connection(
            id: id, descriptor: descriptor, group: self, idleTimeout: configuration.idleTimeout)
        connections[id] = connection
        loop.add(connection)
        runningExchanges += 1
        let exchange = Exchange(
            connection: connection, configuration: configuration, handler: handler, log: log)
        connection.start(on: loop) { [self] in
            await exchange.run()
            exchangeEnded()
        }
    }

    func connectionClosed(_ connection: Connection) {
        connections[connection.id] = nil
        loop.remove(connection)
        admission.release()
    }

    /// Closes every connection; the loop ends once their exchange tasks have.
    func shutDown() {
        guard !stopped else { return }
        stopped = true
        for connection in connections.values {
            connection.close()
        }
        exitLoopWhenIdle()
    }

    private func exchangeEnded() {
        runningExchanges -= 1
        exitLoopWhenIdle()
    }

    /// Tasks run on the loop until they end, so the loop outlives the last of them.
    private func exitLoopWhenIdle() {
        if stopped && runningExchanges == 0 { loop.exit() }
    }

    /// Closes connections whose deadline passed; returns the earliest deadline still ahead.
    private func closeExpiredConnections() -> ContinuousClock.Instant? {
        let now = ContinuousClock.now
        var next: ContinuousClock.Instant?
        for connection in connections.values {
            guard let deadline = connection.deadline else { continue }
            if deadline <= now {
                connection.close()
            } else {
                next = min(next ?? deadline, deadline)
            }
        }
        return next
    }
}

/// How many connections are open across all of a server's loops, held to the configured limit.
final class Admission: Sendable {
    private let limit: Int
    private let open = Atomic(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a place for a new connection; false when all are taken.
    func admit() -> Bool {
        guard open.add(1, ordering: .relaxed).newValue > limit else { return true }
        open.subtract(1, ordering: .relaxed)
        return false
    }

    func release() {
        open.subtract(1, ordering: .relaxed)
    }
}
