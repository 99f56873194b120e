import Dispatch
import Foundation

/// The listening socket, the event loops that serve what it accepts, and stopping them all.
///
/// The listener lives on the first loop; accepted connections are dealt to the loops in turn and
/// stay on theirs. Apart from `stop()`, everything here runs on the first loop's thread.
final class Server: LoopSocket, @unchecked Sendable {  // Confined to the first loop, except `stop()`.
    let port: UInt16
    let descriptor: Int32
    private let groups: [ConnectionGroup]
    private let admission: Admission
    private var listening = true
    /// Set while the process is out of descriptors, so a listener that stays readable is not spun on.
    private var acceptPaused = false
    private var nextConnectionID = 1
    private var nextGroup = 0

    /// How long `stop()` waits for the loops to close everything before returning anyway.
    private static let stopTimeout = DispatchTimeInterval.seconds(2)

    init(
        configuration: LocalServer.Configuration, handler: @escaping LocalServer.Handler, log: RequestLog
    ) throws(LocalServerError) {
        let (descriptor, port) = try Socket.listenOnLoopback()
        var loops: [EventLoop] = []
        do {
            for number in 1...max(1, configuration.threads) {
                // Short enough for the 15 characters Linux keeps of a thread name.
                loops.append(try EventLoop(name: "LS\(port)#\(number)"))
            }
        } catch {
            _ = Foundation.close(descriptor)
            for loop in loops {
                loop.execute { loop.exit() }
            }
            throw error
        }
        let admission = Admission(limit: configuration.maxConnections)
        self.descriptor = descriptor
        self.port = port
        self.admission = admission
        groups = loops.map {
            ConnectionGroup(
                loop: $0, configuration: configuration, handler: handler, log: log, admission: admission)
        }
        listenerLoop.execute { [self] in listenerLoop.add(self) }
    }

    var wantsToRead: Bool { listening && !acceptPaused }

    var wantsToWrite: Bool { false }

    private var listenerLoop: EventLoop { groups[0].loop }

    /// Closes the listener and every connection, returning once their descriptors are closed.
    func stop() {
        let done = DispatchGroup()
        for group in groups {
            done.enter()
            group.loop.execute { [self] in
                if group === groups[0] { stopListening() }
                group.shutDown()
                done.leave()
            }
        }
        _ = done.wait(timeout: .now() + Self.stopTimeout)
    }

    /// Accepts what is waiting, dealing each connection to a loop or refusing it when the limit is reached.
    func readable() {
        while listening, let accepted = Socket.accept(from: descriptor) {
            guard admission.admit() else {
                refuse(accepted)
                continue
            }
            let (group, id) = (groups[nextGroup], nextConnectionID)
            nextGroup = (nextGroup + 1) % groups.count
            nextConnectionID += 1
            group.loop.execute { group.serve(accepted, id: id) }
        }
        if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
            pauseAccepting()
        }
    }

    func writable() {}

    private func stopListening() {
        guard listening else { return }
        listening = false
        listenerLoop.remove(self)
        // Shut down before closing: a process being spawned at this moment holds a copy of every
        // descriptor until it execs, and that copy alone would keep the port listening.
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        _ = Foundation.close(descriptor)
    }

    /// Answers `503` and closes at once, reading what the client already sent first so the close is
    /// not turned into a reset that could destroy the answer.
    private func refuse(_ descriptor: Int32) {
        let answer = ResponseEncoder.encode(
            .text("too many connections", status: 503), date: listenerLoop.currentDate(),
            answeringHEAD: false,
            version: "HTTP/1.1", closing: true)
        _ = answer.withUnsafeBytes { Socket.send(descriptor, $0) }
        _ = shutdown(descriptor, Int32(SHUT_WR))
        _ = Socket.receive(descriptor, into: listenerLoop.readBuffer)
        _ = Foundation.close(descriptor)
    }

    private func pauseAccepting() {
        acceptPaused = true
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { [weak self] in
            guard let self else { return }
            listenerLoop.execute { self.acceptPaused = false }
        }
    }
}
