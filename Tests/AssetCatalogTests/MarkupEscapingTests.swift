import Testing

@testable import AssetCatalog

@Suite("Markup escaping")
struct MarkupEscapingTests {
    @Test("each quote setting escapes what it names and no more")
    func quotes() {
        let text = #"a & b < c > d "e" 'f'"#
        #expect(MarkupEscaping.escaped(text, quotes: .none) == #"a &amp; b &lt; c &gt; d "e" 'f'"#)
        #expect(MarkupEscaping.escaped(text, quotes: .double) == "a &amp; b &lt; c &gt; d &quot;e&quot; 'f'")
        #expect(MarkupEscaping.escaped(text, quotes: .doubleAndSingle) == "a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39;")
        #expect(MarkupEscaping.escaped("Ünïcødé ✓", quotes: .doubleAndSingle) == "Ünïcødé ✓")
    }

    @Test("a < or \" followed by a combining mark (one Character to Swift) is still escaped")
    func combiningMarks() {
        #expect(MarkupEscaping.escaped("<\u{301}script>", quotes: .none) == "&lt;\u{301}script&gt;")
        #expect(MarkupEscaping.escaped("x\"\u{301} onload=", quotes: .double) == "x&quot;\u{301} onload=")
        #expect(MarkupEscaping.escaped("'\u{301}", quotes: .doubleAndSingle) == "&#39;\u{301}")
    }
}
