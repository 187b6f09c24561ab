import Testing
@testable import A11yInput
import A11yTestSupport

/// KeyInput: the decoder, its escape timer and the end of input, on a virtual clock.
@Suite("KeyInput escape timer")
struct KeyInputTests {
    @Test("a lone Escape resolves after the timeout, not before")
    func loneEscape() {
        var input = KeyInput(escapeTimeout: ms(100))
        #expect(input.feed([0x1B], at: ms(1000)).isEmpty)
        #expect(input.nextDeadline == ms(1100))
        #expect(input.tick(at: ms(1099)).isEmpty)
        #expect(input.nextDeadline == ms(1100))
        #expect(input.tick(at: ms(1100)) == [KeyEvent(.escape)])
        #expect(input.nextDeadline == nil)
        #expect(input.tick(at: ms(5000)).isEmpty)
    }

    @Test("a sequence completed in time is one key; the timer restarts with each byte")
    func splitSequence() {
        var input = KeyInput(escapeTimeout: ms(100))
        #expect(input.feed([0x1B], at: ms(0)).isEmpty)
        #expect(input.feed([0x5B], at: ms(90)).isEmpty)
        #expect(input.nextDeadline == ms(190))
        #expect(input.tick(at: ms(150)).isEmpty)
        #expect(input.feed([0x41], at: ms(180)) == [KeyEvent(.up)])
        #expect(input.nextDeadline == nil)
    }

    @Test("a sequence cut off by the timeout is one unknown key, and what follows decodes afresh")
    func truncatedSequence() {
        var input = KeyInput(escapeTimeout: ms(50))
        #expect(input.feed(Array("\u{1B}[1;".utf8), at: ms(0)).isEmpty)
        #expect(input.tick(at: ms(50)) == [KeyEvent(.unknown(Array("\u{1B}[1;".utf8)))])
        #expect(input.feed(Array("5A".utf8), at: ms(60)) == [KeyEvent(.character("5")), KeyEvent(.character("A"))])
    }

    @Test("Escape then a key in the same read is Alt with the key, without waiting")
    func altPrefix() {
        var input = KeyInput()
        #expect(input.feed(Array("\u{1B}k".utf8), at: .zero) == [KeyEvent(.character("k"), .alt)])
        #expect(input.nextDeadline == nil)
    }

    @Test("end of scripted input resolves a trailing Escape at once")
    func endOfInput() {
        var input = KeyInput()
        #expect(input.feed(Array("k\u{1B}".utf8), at: .zero) == [KeyEvent(.character("k"))])
        #expect(input.nextDeadline == KeyDecoder.recommendedEscapeTimeout)
        #expect(input.endOfInput() == [KeyEvent(.escape)])
        #expect(input.nextDeadline == nil)
        #expect(input.endOfInput().isEmpty)
    }

    @Test("feed gives keys only; receive gives the terminal's replies too, in order")
    func replies() {
        let bytes = Array("a\u{1B}[?1u\u{1B}[?62;22cb".utf8)
        var keys = KeyInput()
        #expect(keys.feed(bytes, at: .zero) == [KeyEvent(.character("a")), KeyEvent(.character("b"))])
        var all = KeyInput()
        #expect(all.receive(bytes, at: .zero) == [.key(KeyEvent(.character("a"))), .reply(.kittyKeyboardFlags(1)),
                                                  .reply(.primaryDeviceAttributes), .key(KeyEvent(.character("b")))])
    }
}
