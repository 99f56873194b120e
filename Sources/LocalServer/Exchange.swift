import Foundation

/// The loop that serves one connection: parse a request, record it, let the handler answer, write
/// the answer, and repeat while the connection stays open, so pipelined requests are answered in order.
struct Exchange: Sendable {
    let connection: Connection
    let configuration: LocalServer.Configuration
    let handler: LocalServer.Handler
    let log: RequestLog

    func run() async {
        var parser = RequestParser(limits: configuration)
        while await serveNextStep(&parser) {}
        connection.finish()
    }

    /// Does what the parser's next step asks; false when the connection should end.
    private func serveNextStep(_ parser: inout RequestParser) async -> Bool {
        switch parser.next() {
        case .needsMoreBytes:
            guard let bytes = await connection.receive() else { return false }
            parser.append(bytes)
            return true
        case .needsContinue:
            return await connection.send(ResponseEncoder.continueResponse)
        case .rejected(let rejection):
            _ = await connection.send(ResponseEncoder.encode(rejection, date: connection.loop.currentDate()))
            return false
        case .request(let head, let body):
            return await answer(head, body: body)
        }
    }

    /// Records the request, waits for the handler (and the response's delay), then answers or fails
    /// as the response says; false when the connection should end.
    ///
    /// A client that goes away before the answer is written cuts the wait short, and the request is
    /// recorded as abandoned instead of being answered.
    private func answer(_ head: RequestHead, body: [UInt8]) async -> Bool {
        let request = HTTPRequest(
            method: head.method, target: head.target, version: head.version, headers: head.headers,
            body: Data(body), arrivalTime: .now, connectionID: connection.id)
        log.record(request)
        connection.setBusy(true)
        let response = await handler(request)
        var waitedOutDelay = true
        if response.delay > .zero {
            do { try await Task.sleep(for: response.delay) } catch { waitedOutDelay = false }
        }
        if recordIfAbandoned(request) || !waitedOutDelay { return false }
        switch response.fault {
        case .closeWithoutAnswer:
            return false
        case .neverAnswer:
            while await connection.receive() != nil {}
            recordIfAbandoned(request)
            return false
        case .truncateBody(let sendingBytes):
            let bytes = ResponseEncoder.encode(
                response, date: connection.loop.currentDate(), answeringHEAD: head.isHEAD,
                version: head.version,
                closing: true,
                bodyBytes: sendingBytes)
            _ = await connection.send(bytes)
            return false
        case nil:
            let closing = !head.keepsAlive || response.headers.hasToken("close", in: "Connection")
            let bytes = ResponseEncoder.encode(
                response, date: connection.loop.currentDate(), answeringHEAD: head.isHEAD,
                version: head.version,
                closing: closing)
            guard await connection.send(bytes) else { return false }
            connection.setBusy(false)
            return !closing
        }
    }

    /// Records `request` as abandoned if its client has gone away; says whether it had.
    @discardableResult
    private func recordIfAbandoned(_ request: HTTPRequest) -> Bool {
        guard let noticedTime = connection.clientLeftTime else { return false }
        log.recordAbandoned(AbandonedRequest(request: request, noticedTime: noticedTime))
        return true
    }
}
