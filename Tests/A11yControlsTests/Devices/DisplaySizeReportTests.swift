import Testing
@testable import A11yDevices

/// BrlAPI's DISPLAY_SIZE values as the preference watch takes them: BrlAPI 6.5 hands them over
/// in host byte order or in network byte order, and a line of 335 million cells must never reach
/// the layout.
@Suite struct DisplaySizeReportTests {
    private func reported(_ bytes: [UInt8], after earlier: [UInt8]? = nil) -> BrailleDisplay.Size? {
        let watch = PreferenceWatch()
        if let earlier { earlier.withUnsafeBytes { watch.takeSize($0) } }
        bytes.withUnsafeBytes { watch.takeSize($0) }
        return watch.displaySize
    }

    @Test func eitherByteOrderGivesTheSameSize() {
        let size = BrailleDisplay.Size(width: 40, height: 1)
        #expect(reported([40, 0, 0, 0, 1, 0, 0, 0]) == size)
        #expect(reported([0, 0, 0, 40, 0, 0, 0, 1]) == size)
        #expect(reported([0x50, 0x01, 0, 0, 2, 0, 0, 0]) == BrailleDisplay.Size(width: 336, height: 2))
    }

    @Test func noDisplayIsNoCellsAndNonsenseIsNotTaken() {
        // BRLTTY restarting its driver: no cells until the new display is there.
        #expect(reported([0, 0, 0, 0, 0, 0, 0, 0], after: [40, 0, 0, 0, 1, 0, 0, 0]) == BrailleDisplay.Size(width: 0, height: 0))
        // Above 65,535 cells read either way: the size before stays.
        #expect(reported([0, 1, 1, 0, 1, 0, 0, 0], after: [20, 0, 0, 0, 1, 0, 0, 0]) == BrailleDisplay.Size(width: 20, height: 1))
        // Too short to hold two numbers.
        #expect(reported([40, 0, 0, 0]) == nil)
    }
}
