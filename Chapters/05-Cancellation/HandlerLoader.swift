import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: handler-loader
/// A loader whose data task's completion handler captures it strongly, with no `[weak self]`.
///
/// The session holds the task and the task holds the handler only until it has called it, and
/// nothing here holds the task: a chain, not a cycle. The loader lives until the answer, then goes.
final class HandlerLoader: Sendable {
    private let answers = Locked(0)

    func load(from url: URL, session: URLSession) {
        session.dataTask(with: url) { _, _, _ in
            self.answers.withLock { $0 += 1 }
        }.resume()
    }
}
// end excerpt
