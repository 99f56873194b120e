import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import Locking
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A list screen model whose load is one answer's pipeline: the names of the users, delivered on the
/// source's delivery queue. Showing them, and the message for a failure, are the same for every
/// answer; whether closing the screen turns the indicator off is the answer's too.
final class VariantListScreen: ListScreenModel, @unchecked Sendable {
    typealias Pipeline = @Sendable (ListSource) -> AnyPublisher<[String], APIError>

    private let source: ListSource
    private let pipeline: Pipeline
    private let closingStopsLoading: Bool
    private let shown = Locked(ListScreen())
    private var subscription: AnyCancellable?

    init(source: ListSource, closingStopsLoading: Bool = true, pipeline: @escaping Pipeline) {
        self.source = source
        self.closingStopsLoading = closingStopsLoading
        self.pipeline = pipeline
    }

    var screen: ListScreen { shown.withLock { $0 } }

    func appear() {
        subscription?.cancel()
        shown.withLock { screen in
            screen.isLoading = true
            screen.errorMessage = nil
        }
        subscription = pipeline(source).sink(
            receiveCompletion: { [shown] completion in
                shown.withLock { screen in
                    screen.isLoading = false
                    if case .failure(let failure) = completion {
                        screen.errorMessage = listMessage(for: failure)
                    }
                }
            },
            receiveValue: { [shown] names in shown.withLock { $0.users = names } })
    }

    func disappear() {
        subscription?.cancel()
        subscription = nil
        if closingStopsLoading { shown.withLock { $0.isLoading = false } }
    }
}

/// Something in the list with a name to show.
protocol Named {
    var name: String { get }
}

/// A user in the list, as the server sends one.
struct ListedPerson: Decodable, Named {
    let id: Int
    let name: String
}

/// A user whose id is a `UUID`, as the article's model had it; the server sends integers.
struct UUIDListedPerson: Decodable, Named {
    let id: UUID
    let name: String
}

/// What the screen says when a load fails, naming the status when the server gave one.
func listMessage(for failure: APIError) -> String {
    switch failure {
    case .status(let status): "The server could not give the list (\(status))."
    case .transport: "No connection to the server."
    case .decoding: "The list could not be read."
    }
}
