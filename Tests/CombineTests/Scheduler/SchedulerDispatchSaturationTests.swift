import Combine
import Dispatch
import Foundation
import Testing

/// `DispatchQueue.SchedulerTimeType.Stride` where a span does not fit in an `Int` of nanoseconds.
@Suite struct SchedulerDispatchSaturationTests {
    typealias Stride = DispatchQueue.SchedulerTimeType.Stride

    // Apple: whole-unit strides too long for nanoseconds saturate at the longest span.
    @Test func wholeUnitStridesSaturate() {
        #expect(Stride.seconds(Int.max).magnitude == .max)
        #expect(Stride.seconds(Int.min).magnitude == .min)
        #expect(Stride.milliseconds(.max).magnitude == .max)
        #expect(Stride.microseconds(.min).magnitude == .min)
        let literal: Stride = 9_300_000_000
        #expect(literal.magnitude == .max)
    }

    // Apple: Stride(DispatchTimeInterval) saturates, and .never is the longest span.
    @Test func dispatchIntervalsSaturate() {
        #expect(Stride(.seconds(.max)).magnitude == .max)
        #expect(Stride(.milliseconds(.min)).magnitude == .min)
        #expect(Stride(.never).magnitude == .max)
    }

    // Apple: seconds given as a huge Double saturate.
    @Test func hugeFloatingPointSecondsSaturate() {
        #expect(Stride.seconds(1e300).magnitude == .max)
        #expect(Stride.seconds(-1e300).magnitude == .min)
        #expect(Stride.seconds(Double(Int.max) / 1e9).magnitude == .max)
    }

    // Apple: Stride * Stride multiplies the spans as times in seconds, so 18 ns × 1 ns is 0.
    @Test func multiplyingStridesScalesAsTimes() {
        #expect((Stride.nanoseconds(18) * .nanoseconds(1)).magnitude == 0)
        #expect(Stride.seconds(2) * .seconds(3) == .seconds(6))
        #expect(Stride.milliseconds(500) * .seconds(-4) == .seconds(-2))
        #expect(Stride.seconds(.max) * .seconds(2) == .nanoseconds(.max))
        var stride = Stride.seconds(3)
        stride *= .milliseconds(500)
        #expect(stride == .milliseconds(1500))
    }

    // Apple: advancing by the longest span reaches the distant future instead of wrapping.
    @Test func advancingByTheLongestSpanReachesTheDistantFuture() {
        let now = DispatchQueue.SchedulerTimeType(.now())
        #expect(now.advanced(by: .nanoseconds(.max)).dispatchTime == .distantFuture)
        #expect(now.advanced(by: .seconds(.max)).dispatchTime == .distantFuture)
    }

    // Apple: a Stride is archived under the key "_nanoseconds".
    @Test func strideArchivesItsNanosecondsUnderApplesKey() throws {
        let data = try JSONEncoder().encode(Stride.nanoseconds(419_872))
        #expect(String(decoding: data, as: UTF8.self) == #"{"_nanoseconds":419872}"#)
        #expect(try JSONDecoder().decode(Stride.self, from: data) == .nanoseconds(419_872))
    }
}
