import Testing

/// The serialisation tests lean on `OverlappingCallCounter`; these show it does see an overlap.
@Suite struct OverlappingCallCounterTests {
    @Test func aCallMadeFromInsideAnotherCountsAsAnOverlap() {
        let overlaps = OverlappingCallCounter()
        overlaps.run { overlaps.run() }
        #expect(overlaps.count == 1)
    }

    @Test func callsOneAfterAnotherDoNotOverlap() {
        let overlaps = OverlappingCallCounter()
        for _ in 0..<3 { overlaps.run() }
        #expect(overlaps.count == 0)
    }
}
