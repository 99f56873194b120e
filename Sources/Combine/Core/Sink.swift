import Synchronization

extension Subscribers {
    /// A subscriber that asks for every value and hands each one, then the completion, to closures.
    ///
    /// Once it completes or is cancelled it lets go of both closures and of its subscription, which
    /// breaks the cycle a closure capturing the sink's owner would otherwise form.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    {
        /// The two closures, boxed so that a call needs no retain (see `ImmutableBox`).
        private struct Handlers {
            let receiveValue: (Input) -> Void
            let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        }

        /// Everything the threads calling the sink agree on, in one word (see `SinkState`), so that a
        /// value costs two atomic operations and no lock is allocated.
        private let state = Atomic<Int>(0)
        /// Retained by hand; released once the sink has finished and no call is using the closures.
        @exclusivity(unchecked) private var handlers: Unmanaged<ImmutableBox<Handlers>>?
        /// Written only by the thread that set `SinkState.storing`, taken only by the one that finished
        /// the sink after it was stored: the state makes each access exclusive.
        @exclusivity(unchecked) private var subscription: Subscription = NoSubscription()

        /// The value closure; a closure that does nothing once the sink has finished.
        public final var receiveValue: (Input) -> Void {
            guard beginCall() else { return { _ in } }
            defer { endCall() }
            return handlers.unsafelyUnwrapped.takeUnretainedValue().value.receiveValue
        }

        /// The completion closure; a closure that does nothing once the sink has finished.
        public final var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            guard beginCall() else { return { _ in } }
            defer { endCall() }
            return handlers.unsafelyUnwrapped.takeUnretainedValue().value.receiveCompletion
        }

        public init(
            receiveCompletion: @escaping ((Subscribers.Completion<Failure>) -> Void),
            receiveValue: @escaping ((Input) -> Void)
        ) {
            handlers = .passRetained(
                ImmutableBox(Handlers(receiveValue: receiveValue, receiveCompletion: receiveCompletion)))
        }

        deinit {
            handlers?.release()
        }

        public final var description: String { "Sink" }

        public final var customMirror: Mirror {
            Mirror(self, children: [])
        }

        public final var playgroundDescription: Any { description }

        public final func receive(subscription: Subscription) {
            // Only the first subscription, and only before the sink finishes, is kept.
            guard
                changeState({ $0 & SinkState.takesNoSubscription == 0 ? $0 | SinkState.storing : nil }) != nil
            else {
                subscription.cancel()
                return
            }
            self.subscription = subscription
            let before = changeState { $0 & ~SinkState.storing | SinkState.holding }.unsafelyUnwrapped
            guard before & SinkState.finished == 0 else {
                // Cancelled while the subscription was being stored: the canceller left it to us.
                takeSubscription().cancel()
                return
            }
            subscription.request(.unlimited)
        }

        public final func receive(_ value: Input) -> Subscribers.Demand {
            guard beginCall() else { return .none }
            handlers.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.value.receiveValue(value) }
            endCall()
            return .none
        }

        public final func receive(completion: Subscribers.Completion<Failure>) {
            // Finishes the sink and counts this call in one step: the closures stay alive until
            // `endCall`. The subscription is dropped, as it has nothing more to send.
            guard
                let before = changeState({
                    $0 & SinkState.finished == 0 ? ($0 | SinkState.finished) + SinkState.oneCall : nil
                })
            else { return }
            if before & SinkState.holding != 0 {
                subscription = NoSubscription()
            }
            handlers.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.value.receiveCompletion(completion) }
            if SinkState.calls(in: before) == 0 {
                // No call was under way and none can start now, so the closures are this call's
                // alone: it releases them without a second atomic step.
                handlers.take()?.release()
            } else {
                endCall()
            }
        }

        /// Cancels the subscription and releases the closures; safe from any thread, any number of times.
        public final func cancel() {
            guard let before = changeState({ $0 & SinkState.finished == 0 ? $0 | SinkState.finished : nil })
            else {
                return
            }
            // A call under way releases the closures when it ends.
            if SinkState.calls(in: before) == 0 {
                handlers.take()?.release()
            }
            // One still being stored is left to `receive(subscription:)`, which sees the finish.
            if before & SinkState.holding != 0 {
                takeSubscription().cancel()
            }
        }

        /// Applies `change` to the state atomically and returns the state before, or does nothing and
        /// returns `nil` if `change` returns `nil`.
        @inline(__always)
        private func changeState(_ change: (Int) -> Int?) -> Int? {
            var current = state.load(ordering: .relaxed)
            while let next = change(current) {
                let (exchanged, original) = state.compareExchange(
                    expected: current, desired: next, ordering: .acquiringAndReleasing)
                if exchanged { return current }
                current = original
            }
            return nil
        }

        /// Counts a call into the closures, unless the sink has finished: while any call is counted,
        /// the closures stay alive.
        @inline(__always)
        private func beginCall() -> Bool {
            changeState { $0 & SinkState.finished == 0 ? $0 + SinkState.oneCall : nil } != nil
        }

        /// Ends a call counted by `beginCall`; the last call to end after the sink finished releases
        /// the closures.
        @inline(__always)
        private func endCall() {
            let before = state.wrappingSubtract(SinkState.oneCall, ordering: .acquiringAndReleasing).oldValue
            if before & SinkState.finished != 0, SinkState.calls(in: before) == 1 {
                handlers.take()?.release()
            }
        }

        private func takeSubscription() -> Subscription {
            let taken = subscription
            subscription = NoSubscription()
            return taken
        }
    }
}

/// What a sink holds while it has no subscription: an empty struct, so that storing and dropping
/// the placeholder costs nothing, where an optional subscription is freed through run-time calls.
private struct NoSubscription: Subscription {
    var combineIdentifier: CombineIdentifier { CombineIdentifier() }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

/// The bits of a sink's state word.
private enum SinkState {
    /// Completed or cancelled: no more calls into the closures, no subscription taken.
    static let finished = 1
    /// The subscription is stored.
    static let holding = 2
    /// A subscription is being stored.
    static let storing = 4
    /// The rest of the word counts the calls into the closures that are under way.
    static let oneCall = 8

    static let takesNoSubscription = finished | holding | storing

    static func calls(in state: Int) -> Int {
        state / oneCall
    }
}

extension Publisher {
    /// Attaches a `Sink` that calls `receiveValue` for every value and `receiveCompletion` at the end.
    ///
    /// The sink lives as long as the returned cancellable; releasing or cancelling it cancels upstream.
    /// The closures are taken `__owned` because the sink keeps them: a borrowed closure would be
    /// copied into it, one retain and one release more on every subscription.
    public func sink(
        receiveCompletion: __owned @escaping ((Subscribers.Completion<Self.Failure>) -> Void),
        receiveValue: __owned @escaping ((Self.Output) -> Void)
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Self.Failure == Never {
    /// Attaches a `Sink` that calls `receiveValue` for every value of a publisher that cannot fail.
    public func sink(receiveValue: __owned @escaping ((Self.Output) -> Void)) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
