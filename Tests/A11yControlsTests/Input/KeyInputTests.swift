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

    @Test("a sequence cut off by the timeout is one unknown key; its tail is dropped, not typed")
    func truncatedSequence() {
        var input = KeyInput(escapeTimeout: ms(50))
        #expect(input.feed(Array("\u{1B}[1;".utf8), at: ms(0)).isEmpty)
        #expect(input.tick(at: ms(50)) == [KeyEvent(.unknown(Array("\u{1B}[1;".utf8)))])
        // The rest of Ctrl+Up, late: its parameter and final byte are not the digit 5 and the letter A.
        #expect(input.feed(Array("5A".utf8), at: ms(60)).isEmpty)
        #expect(input.feed(Array("5A".utf8), at: ms(70)) == [KeyEvent(.character("5")), KeyEvent(.character("A"))])
    }

    @Test("a mouse report split by a slow link: the late tail is dropped, in one read or several")
    func reportTailAfterTheTimeout() {
        var input = KeyInput(escapeTimeout: ms(100))
        #expect(input.feed(Array("\u{1B}[<32;1".utf8), at: ms(0)).isEmpty)
        #expect(input.tick(at: ms(100)) == [KeyEvent(.unknown(Array("\u{1B}[<32;1".utf8)))])
        #expect(input.feed(Array("2;3".utf8), at: ms(400)).isEmpty)
        #expect(input.nextDeadline == ms(500))                    // the rest of the tail may follow
        #expect(input.feed(Array("M\u{1B}[C7".utf8), at: ms(450)) == [KeyEvent(.right), KeyEvent(.character("7"))])
        #expect(input.nextDeadline == nil)
    }

    @Test("after the tail's window, or when what follows is no tail, keys are keys")
    func notATail() {
        var late = KeyInput(escapeTimeout: ms(100))
        _ = late.feed(Array("\u{1B}[<0;5".utf8), at: ms(0))
        _ = late.tick(at: ms(100))
        #expect(late.feed(Array("50".utf8), at: ms(100) + KeyInput.sequenceTailWindow + ms(1))
                == [KeyEvent(.character("5")), KeyEvent(.character("0"))])
        var other = KeyInput(escapeTimeout: ms(100))
        _ = other.feed(Array("\u{1B}[<0;5".utf8), at: ms(0))
        _ = other.tick(at: ms(100))
        #expect(other.feed(Array("\u{1B}[<0;5;3M".utf8), at: ms(150)).isEmpty)   // a whole report: a pointer event
        #expect(other.feed(Array("50".utf8), at: ms(160)) == [KeyEvent(.character("5")), KeyEvent(.character("0"))])
        // A lone Escape, and Alt+[ (ESC [ alone), cut nothing: digits after them are typed.
        for prefix in ["\u{1B}", "\u{1B}["] {
            var input = KeyInput(escapeTimeout: ms(100))
            _ = input.feed(Array(prefix.utf8), at: ms(0))
            _ = input.tick(at: ms(100))
            #expect(input.feed(Array("5".utf8), at: ms(110)) == [KeyEvent(.character("5"))], "\(prefix.utf8.count) bytes")
        }
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
