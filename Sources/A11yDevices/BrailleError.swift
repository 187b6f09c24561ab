import CBrl
import A11yVocabulary

/// A failure of the BrlAPI client, with BrlAPI's own message.
package struct BrailleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The BrlAPI function that failed, such as `brlapi__openConnection`.
    package var function: String
    /// BrlAPI's message (`brlapi_strerror`), or the server's exception text.
    package var message: String
    /// BrlAPI's error number (`brlapi_errno`, or the exception's), 0 when the error did not come
    /// from BrlAPI.
    package var code: Int
    /// BRLTTY refused a frame for its size (an exception for a write, "invalid parameter"): the
    /// display's width changed under the connection, which keeps the width it first read
    /// (libbrlapi 6.5 reads it once), as when one display is unplugged and another of another
    /// width plugged in while BRLTTY stays up. A new connection gets the new width.
    package var refusedFrameSize: Bool
    /// BRLTTY reported a display of another width than the connection's (its size watch,
    /// `BrailleDisplay.watchDisplaySize()`): the same change as `refusedFrameSize`, told by
    /// BRLTTY 6.9, which takes the old width's writes and cuts them instead of refusing them.
    package var reportedOtherWidth = false

    /// The display's width changed under the connection, which keeps the width it first read
    /// (refused frame, or reported): a new connection gets the new width.
    package var displayChangedWidth: Bool { refusedFrameSize || reportedOtherWidth }

    package init(function: String, message: String, code: Int = 0, refusedFrameSize: Bool = false) {
        self.function = function
        self.message = message
        self.code = code
        self.refusedFrameSize = refusedFrameSize
    }

    /// BRLTTY reported a display `reported` cells wide to a connection that measured `measured`.
    package static func otherWidth(reported: Int, measured: Int) -> BrailleError {
        var error = BrailleError(function: "brlapi__watchParameter",
                                 message: "BRLTTY reports a display of \(reported) cells; the connection has \(measured)")
        error.reportedOtherWidth = true
        return error
    }

    /// An exception BRLTTY sent (`brlapi__strexception`'s text, the error, the type of the
    /// packet it refused).
    init(exception text: String, code: Int32, refusedPacket type: brlapi_packetType_t) {
        self.init(function: "", message: "BrlAPI exception: \(text)", code: Int(code),
                  refusedFrameSize: type == A11Y_BRLAPI_PACKET_WRITE && code == Int32(BRLAPI_ERROR_INVALID_PARAMETER.rawValue))
    }

    package var description: String { "braille: \(function): \(message)" }

    /// The error BrlAPI recorded for this thread (`brlapi_error`, read through
    /// `brlapi_error_location()` because the `brlapi_errno` macro is not what Swift sees).
    static func current(_ function: String, context: String? = nil) -> BrailleError {
        let error = a11y_brlapi_error_location()
        let text = message(of: error)
        let message = context.map { "\($0): \(text)" } ?? text
        return BrailleError(function: function, message: message, code: Int(error?.pointee.brlerrno.rawValue ?? 0))
    }

    /// BrlAPI's message for `error` (`brlapi_strerror_r`).
    private static func message(of error: UnsafePointer<brlapi_error_t>?) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        _ = a11y_brlapi_strerror_r(error, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
