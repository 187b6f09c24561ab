import Testing
@testable import A11yDevices

/// A line of text made ready for `brlapi__write`: exactly the display's width, its dots, and
/// the charset BrlAPI is told.
struct BrlAPITextTests {
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
