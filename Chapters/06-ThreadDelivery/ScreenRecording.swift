import Combine
import Timelines

/// What a profile screen showed, in order, as someone watching it would list it: each user's
/// name and each error. Each is also recorded on the timeline's "screen" lane.
@MainActor
final class ScreenRecording {
    private(set) var shown: [String] = []
    private var watching: AnyCancellable?

    init(of profile: UserProfileModel) {
        let timeline = Timeline.current
        watching = profile.$user.compactMap { $0?.name }
            .merge(with: profile.$failure.compactMap { $0.map { "error \($0)" } })
            .sink { [weak self] shown in
                self?.shown.append(shown)
                timeline?.record(.value, lane: "screen", detail: shown)
            }
    }
}
