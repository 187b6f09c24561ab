import CBrl
import Testing
@testable import A11yDevices

/// How an exception BRLTTY sends is read: only a refused write for its parameters is a frame of
/// the wrong size (the display's width changed under the connection). And how the display's size
/// that BRLTTY reports is read.
@Suite struct BrailleErrorTests {
    @Test func aWriteRefusedForItsParametersIsAFrameOfTheWrongSize() {
        let refused = BrailleError(exception: "invalid parameter (region size)", code: Int32(BRLAPI_ERROR_INVALID_PARAMETER.rawValue),
                                   refusedPacket: A11Y_BRLAPI_PACKET_WRITE)
        #expect(refused.refusedFrameSize && refused.code == 6)
        #expect(refused.message == "BrlAPI exception: invalid parameter (region size)")
    }

    @Test func otherExceptionsAreNot() {
        let otherError = BrailleError(exception: "", code: Int32(BRLAPI_ERROR_ILLEGAL_INSTRUCTION.rawValue), refusedPacket: A11Y_BRLAPI_PACKET_WRITE)
        let otherPacket = BrailleError(exception: "", code: Int32(BRLAPI_ERROR_INVALID_PARAMETER.rawValue),
                                       refusedPacket: brlapi_packetType_t(UInt32(UInt8(ascii: "P")) << 8 | UInt32(UInt8(ascii: "R"))))  // BRLAPI_PACKET_PARAM_REQUEST
        #expect(!otherError.refusedFrameSize && !otherPacket.refusedFrameSize)
        #expect(!BrailleError(function: "brlapi__writeText", message: "").refusedFrameSize)
    }

    /// A width BRLTTY reported is the same change as a refused frame; the report's bytes come
    /// reversed in BRLTTY's updates (its answer to the watch is in the machine's order).
    @Test func aReportedWidthIsReadInEitherByteOrder() {
        let reported = BrailleError.otherWidth(reported: 20, measured: 40)
        #expect(reported.displayChangedWidth && !reported.refusedFrameSize)
        #expect(!BrailleError(function: "brlapi__write", message: "").displayChangedWidth)
        let watch = PreferenceWatch()
        func report(_ columns: UInt32, rows: UInt32 = 1) -> Int {
            [columns, rows].withUnsafeBytes { watch.takeReportedSize($0) }
            return watch.reportedWidth.load(ordering: .relaxed)
        }
        #expect(watch.reportedWidth.load(ordering: .relaxed) == -1)
        #expect(report(40) == 40)
        #expect(report(UInt32(20).byteSwapped, rows: UInt32(1).byteSwapped) == 20)
        #expect(report(0) == 0)
        #expect(report(80) == 80 && !watch.changed.load(ordering: .relaxed))
    }
}
