import Foundation
import Harness

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a closure handed to an async helper ran: the helper calls it after its `await`, so this
/// is where the helper resumed. The raw value is how a report and a child process say it.
enum Resumed: String, Equatable, Sendable {
    case onTheMainThread = "on the main thread"
    case offTheMainThread = "off the main thread"
    /// The closure never decoded anything: the load failed before it.
    case nothingDecoded = "nothing decoded"
    /// This build has no such code: the compiler rejects it here, or does not know the attribute.
    case notBuilt = "not built"
    /// A child process ended without saying.
    case notReported = "not reported"
}

/// Where the decoding that a `@MainActor` model hands to each helper ran, in one build.
struct HelperResumption: Equatable, Sendable {
    /// `fetched`, given a `@Sendable` closure.
    var helper: Resumed
    /// `fetchedConcurrently`, the helper marked `@concurrent`, given the same closure.
    var concurrent: Resumed
    /// `fetched`, given the inline closure of `InlineClosureNameModel`, which only builds with
    /// `NonisolatedNonsendingByDefault` have.
    var inlineClosure: Resumed

    /// The three, as a report row says them.
    var summary: String {
        "helper: \(helper.rawValue); @concurrent: \(concurrent.rawValue); inline closure: \(inlineClosure.rawValue)"
    }

    /// The `key=value` lines a child writes for it, in order.
    var reportLines: [(key: String, value: String)] {
        [
            ("helper", helper.rawValue), ("concurrent", concurrent.rawValue),
            ("inline-closure", inlineClosure.rawValue),
        ]
    }

    /// What a child wrote, read back; a key it did not write is `notReported`.
    init(report: [String: String]) {
        func read(_ key: String) -> Resumed { report[key].flatMap(Resumed.init(rawValue:)) ?? .notReported }
        self.init(
            helper: read("helper"), concurrent: read("concurrent"), inlineClosure: read("inline-closure"))
    }

    init(helper: Resumed, concurrent: Resumed, inlineClosure: Resumed) {
        self.helper = helper
        self.concurrent = concurrent
        self.inlineClosure = inlineClosure
    }
}

// excerpt: helper-resumption
/// Loads the name at `url` through each helper this build has, from the main actor as a screen
/// would, and notes on which thread each decode ran: the decoder is a `WatchedDecoder`, so the
/// models' code is used as it is. `starting` hears of each load before it starts.
@MainActor
func helperResumption(
    from url: URL, session: URLSession, starting: (String) -> Void = { _ in }
) async -> HelperResumption {
    /// Where the decode ran in `load`, given a fresh model whose decoder watches.
    func decoded(_ action: String, _ load: (JSONDecoder) async -> Void) async -> Resumed {
        let decoder = WatchedDecoder(watching: session)
        starting(action)
        await load(decoder)
        guard let decode = decoder.decodes.first, decode.failure == nil else { return .nothingDecoded }
        return decode.onMainThread ? .onTheMainThread : .offTheMainThread
    }
    let helper = await decoded("await fetched with a @Sendable closure") { decoder in
        await AwaitingNameModel(decoder: decoder).loadDecodingInAHelper(from: url, session: session)
    }
    #if compiler(>=6.2)
        let concurrent = await decoded("await fetchedConcurrently") { decoder in
            await AwaitingNameModel(decoder: decoder).loadDecodingConcurrently(from: url, session: session)
        }
    #else
        let concurrent = Resumed.notBuilt
    #endif
    #if hasFeature(NonisolatedNonsendingByDefault)
        let inline = await decoded("await fetched with the inline closure") { decoder in
            await InlineClosureNameModel(decoder: decoder).load(from: url, session: session)
        }
    #else
        let inline = Resumed.notBuilt
    #endif
    return HelperResumption(helper: helper, concurrent: concurrent, inlineClosure: inline)
}
// end excerpt
