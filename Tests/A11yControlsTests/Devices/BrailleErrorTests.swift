import CBrl
import Testing
@testable import A11yDevices

/// How an exception BRLTTY sends is read: only a refused write for its parameters is a frame of
/// the wrong size (the display's width changed under the connection).
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
}
