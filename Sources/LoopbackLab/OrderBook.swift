import Foundation
import LocalServer
import Locking

/// The orders one server has taken, counted per `tag`: the server-side state that shows whether a
/// `POST` took effect, whatever became of its answer.
///
/// An order is on record as soon as its request arrives, before the slow answer is sent, as on a
/// real server that commits the work and then takes its time to reply.
final class OrderBook: Sendable {
    private let counts = Locked([String: Int]())

    /// `POST` records an order and answers 201 after `RouteTable.verySlowDelay`; `GET` answers the
    /// number on record for the request's tag; other methods get 405.
    func response(to request: HTTPRequest) -> HTTPResponse {
        let tag = request.queryItems.first { $0.name == "tag" }?.value ?? ""
        switch request.method {
        case "POST":
            let number = counts.withLock { counts in
                counts[tag, default: 0] += 1
                return counts[tag]!
            }
            return .json(#"{"order": \#(number)}"#, status: 201).delayed(by: RouteTable.verySlowDelay)
        case "GET":
            return .json(#"{"orders": \#(counts.withLock { $0[tag] ?? 0 })}"#)
        default:
            return .text("use GET or POST", status: 405, headers: ["Allow": "GET, POST"])
        }
    }
}
