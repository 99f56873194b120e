import Combine
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the model's subscriber was given.
enum ProbeOutcome: Sendable {
    case delivered(byteCount: Int, onMainThread: Bool)
    case failed(URLError.Code)
}

/// A view model isolated to the main actor, as UI models are, that loads one response through the
/// pipeline the mode picks and hops to the main queue only before its `sink`.
@MainActor
final class ProbeModel {
    private var subscription: AnyCancellable?

    func load(_ url: URL, mode: ProbeMode) async -> ProbeOutcome {
        await withCheckedContinuation { (finished: CheckedContinuation<ProbeOutcome, Never>) in
            subscription = byteCounts(of: URLSession.shared.dataTaskPublisher(for: url), mode: mode)
                .receive(on: DispatchQueue.main)
                .sink(
                    receiveCompletion: { completion in
                        if case .failure(let failure) = completion {
                            finished.resume(returning: .failed(failure.code))
                        }
                    },
                    receiveValue: { byteCount in
                        finished.resume(
                            returning: .delivered(byteCount: byteCount, onMainThread: Thread.isMainThread))
                    }
                )
        }
    }

    /// The first step, the one that runs on URLSession's delegate queue, written as `mode` says.
    private func byteCounts(
        of response: URLSession.DataTaskPublisher, mode: ProbeMode
    ) -> AnyPublisher<Int, URLError> {
        switch mode {
        case .inlineClosure:
            return response.map { output in output.data.count }.eraseToAnyPublisher()
        case .sendableClosure:
            return response.map { @Sendable output in output.data.count }.eraseToAnyPublisher()
        case .keyPath:
            return response.map(\.data.count).eraseToAnyPublisher()
        case .nonisolatedBuilder:
            return byteCountsBuiltOutsideTheModel(of: response)
        }
    }
}

/// The inline closure of `.inlineClosure`, written where no actor isolation is inherited.
nonisolated func byteCountsBuiltOutsideTheModel(
    of response: URLSession.DataTaskPublisher
) -> AnyPublisher<Int, URLError> {
    response.map { output in output.data.count }.eraseToAnyPublisher()
}
