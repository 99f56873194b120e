import Testing

@testable import TimelineDrawing

/// The picture's text escapes exactly XML's special characters and reads back as it was written.
@Suite("Timeline XML escapes")
struct TimelineXMLTests {
    @Test func escapingReplacesEachSpecialCharacterAndNothingElse() {
        #expect(TimelineXML.escaped(#"a < b && "c" > d"#) == "a &lt; b &amp;&amp; &quot;c&quot; &gt; d")
        #expect(TimelineXML.escaped("plain text, ✓ é") == "plain text, ✓ é")
        #expect(TimelineXML.escaped("") == "")
    }

    @Test(arguments: [
        #"a < b && "c" > d"#, "&amp; written out", "&lt;&gt;&quot;", "&", "&&;", "no escapes", "ends with &",
    ])
    func unescapingAnEscapedTextGivesItBack(text: String) {
        #expect(TimelineXML.unescaped(TimelineXML.escaped(text)) == text)
    }

    @Test func anAmpersandThatStartsNoEntityIsKept() {
        #expect(TimelineXML.unescaped("R&D &copy; &amp;lt;") == "R&D &copy; &lt;")
    }
}
