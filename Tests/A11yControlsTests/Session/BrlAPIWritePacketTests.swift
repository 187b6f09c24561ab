import Testing
@testable import A11yDevices

/// The braille write as one BrlAPI packet (BrailleDisplay sends it in one `send`): the layout of
/// brlapi_protocol.h, as `brlapi__write` builds it (as the packets libbrlapi sends, read with
/// strace, show: "range 11 ... 90" with dots on top and a cursor is a 100-byte body with flags
/// 0x36).
struct BrlAPIWritePacketTests {
    @Test func cellsWithMasksAndACursor() {
        let cells = BrlAPIText(text: "ab", orMask: [0, 0x40], width: 3)
        let packet = BrlAPIText.writePacket(cells, andMask: 0x3F, cursor: 2)
        #expect(packet == [
            0, 0, 0, 29, 0, 0, 0, 0x77,  // the body's size, BRLAPI_PACKET_WRITE ('w')
            0, 0, 0, 0x3E,  // region, text, AND mask, OR mask, cursor
            0, 0, 0, 1, 0, 0, 0, 3,  // from cell 1, 3 cells
            0, 0, 0, 3, 0x61, 0x62, 0x20,  // "ab "
            0x3F, 0x3F, 0x3F,  // dots 1-6 kept
            0, 0x40, 0,  // dot 7 on the second cell
            0, 0, 0, 2,  // the cursor on cell 2
        ])
    }

    @Test func plainTextHasNoMasksAndTheCursorOff() {
        let cells = BrlAPIText(text: "Price 10", orMask: [], width: 8)
        let packet = BrlAPIText.writePacket(cells, andMask: 0xFF, cursor: 0)
        #expect(packet.prefix(12) == [0, 0, 0, 28, 0, 0, 0, 0x77, 0, 0, 0, 0x26])
        #expect(Array(packet[24..<32]) == Array("Price 10".utf8))
        #expect(packet.suffix(4) == [0, 0, 0, 0])
        #expect(packet.count == 8 + 28)
    }

    /// Printable ASCII (the controls' own lines) is taken as it is; anything else cell by cell:
    /// both give a line of exactly `width` cells with its dots.
    @Test func aLineIsExactlyTheDisplaysWidth() {
        let short = BrlAPIText(text: "Price 10", orMask: [1, 2], width: 10)
        #expect(short.text == "Price 10  " && short.orMask == [1, 2, 0, 0, 0, 0, 0, 0, 0, 0] && short.charset == nil)
        let long = BrlAPIText(text: "Price 10 to 90", orMask: Array(repeating: 4, count: 14), width: 8)
        #expect(long.text == "Price 10" && long.orMask == Array(repeating: 4, count: 8) && long.charset == nil)
        let exact = BrlAPIText(text: "Price 10", orMask: [], width: 8)
        #expect(exact.text == "Price 10" && exact.orMask == Array(repeating: 0, count: 8))
        let beyondASCII = BrlAPIText(text: "Größe 10", orMask: [], width: 10)
        #expect(beyondASCII.text == "Größe 10  " && beyondASCII.orMask.count == 10 && beyondASCII.charset == "UTF-8")
        let control = BrlAPIText(text: "a\tb", orMask: [], width: 4)
        #expect(control.text == "a b " && control.charset == nil)
        let pattern = BrlAPIText(text: "a\u{2809}", orMask: [0, 0x40], width: 3)
        #expect(pattern.text == "a  " && pattern.orMask == [0, 0x49, 0] && pattern.charset == nil)
    }
}
