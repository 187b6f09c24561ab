import A11yFormatting
import A11yModel
import A11yVocabulary
/// How a control looks on the terminal: TTRangeSlider's visual properties in terminal terms.
///
/// Colours are SGR parameter strings ("32" green, "38;5;208" orange, "1;33" bold yellow);
/// a theme with `usesColor == false` (NO_COLOR) draws with reverse video and bold only, and the
/// plain style (TERM=dumb) draws text with no escape sequence at all.
public struct ScreenTheme: Sendable, Equatable {
    /// TTRangeSlider tintColor: the track outside the selection (a background colour).
    public var tintColor: String = "100"
    /// TTRangeSlider tintColorBetweenHandles: the selection between the handles (a background colour).
    public var colorBetweenHandles: String = "44"
    /// TTRangeSlider handleColor (a background colour).
    public var handleColor: String = "47"
    /// TTRangeSlider handleImage: the character drawn for a handle. A space by default, so a screen
    /// reader reviewing the line reads nothing decorative; the colour shows it.
    public var handleGlyph: Character = " "
    /// TTRangeSlider handleBorderWidth/handleBorderColor: brackets around the focused handle.
    public var handleBorder: Bool = false
    /// TTRangeSlider lineHeight: rows of the track (1...3).
    public var lineThickness: Int = 1
    /// TTRangeSlider lineBorderWidth/lineBorderColor: a row of underline below the track.
    public var lineBorder: Bool = false
    /// TTRangeSlider minLabelColour (a foreground colour): the lower handle's value (at the left
    /// end of a horizontal track, the right end of a right-to-left one, beside the handle on a
    /// vertical one), and the minimum where it is shown.
    public var lowerLabelColor: String = "36"
    /// TTRangeSlider maxLabelColour (a foreground colour): the upper handle's value (the one
    /// handle's, on a one-handle slider), and the maximum where it is shown.
    public var upperLabelColor: String = "36"
    /// TTRangeSlider labelPadding: blank columns between the labels and the track.
    public var labelPadding: Int = 1
    /// TTRangeSlider labels above or below the track.
    public var labelsBelow: Bool = false
    /// TTRangeSlider selectedHandleDiameterMultiplier: columns of the focused handle (1...3).
    public var focusedHandleWidth: Int = 2
    /// Without escapes (`usesEscapes` false): draw the track in ASCII all the same (`-` outside
    /// the selection, `=` inside, `|` a handle, `#` the focused one), for a program that shows
    /// plain text and takes the pointer (the C library's screen). Off for TERM=dumb, where a
    /// screen reader would read the track's characters on every change.
    public var plainTrack: Bool = false
    /// Rows of a vertical track (`range --vertical`), its ends included.
    public var verticalTrackRows: Int = 11
    /// False under NO_COLOR: attributes only (reverse video, bold, dim).
    public var usesColor: Bool = true
    /// False for TERM=dumb: no escape sequences at all, no track (the text says everything).
    public var usesEscapes: Bool = true

    /// The default theme: grey track, blue selection, white handles, cyan labels, with colour
    /// and escapes whatever the environment (`standard(environment:)` follows it).
    public init() {}

    /// The default theme, adjusted for the environment: NO_COLOR (any value) and TERM=dumb.
    public static func standard(environment: [String: String]) -> ScreenTheme {
        var theme = ScreenTheme()
        if environment["NO_COLOR"].map({ !$0.isEmpty }) ?? false { theme.usesColor = false }
        if environment["TERM"] == "dumb" { theme.usesColor = false; theme.usesEscapes = false }
        return theme
    }

    /// Black on white and white on black only, bold labels, a wide focused handle.
    public static var highContrast: ScreenTheme {
        var theme = ScreenTheme()
        theme.tintColor = "40"
        theme.colorBetweenHandles = "107"
        theme.handleColor = "43"
        theme.lowerLabelColor = "1;97"
        theme.upperLabelColor = "1;97"
        theme.focusedHandleWidth = 3
        theme.handleBorder = true
        theme.lineThickness = 2
        return theme
    }

    /// Wraps `text` in an SGR style (colour parameters, or the attribute used without colour).
    func styled(_ text: String, color: String, fallback: String) -> String {
        var line = ByteLine(capacity: text.utf8.count + 16)
        line.append(text, style: sgrParameters(color: color, fallback: fallback))
        return line.text
    }

    /// The SGR parameters `styled` uses for `color` (or `fallback` without colour); empty when
    /// the text goes unstyled.
    func sgrParameters(color: String, fallback: String) -> String {
        usesEscapes ? (usesColor ? color : fallback) : ""
    }
}

/// A line of text written as UTF-8 bytes, styled runs and all, then made a String once: no
/// string for each piece and none for each join (the screen's lines and the messages are
/// written this way on every key).
package struct ByteLine {
    private var bytes: [UInt8] = []

    package init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text so far; the line is left empty, its room kept for the next.
    package mutating func take() -> String {
        defer { bytes.removeAll(keepingCapacity: true) }
        return text
    }

    package mutating func append(_ text: String) {
        bytes.append(utf8Of: text)
    }

    /// `number` in decimal digits (a count in an escape sequence).
    package mutating func append(decimal number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var divisor = 1
        while number.magnitude / UInt(divisor) >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(number.magnitude / UInt(divisor) % 10))
            divisor /= 10
        }
    }

    package mutating func append(_ byte: UInt8, count: Int = 1) {
        // One by one: the runs are short, and `append(contentsOf: repeatElement(...))` costs
        // more for them.
        for _ in 0..<max(0, count) { bytes.append(byte) }
    }

    /// The start of an SGR style (nothing for empty parameters: unstyled).
    mutating func openStyle(_ parameters: String) {
        guard !parameters.isEmpty else { return }
        bytes.append(0x1B)
        bytes.append(UInt8(ascii: "["))
        bytes.append(utf8Of: parameters)
        bytes.append(UInt8(ascii: "m"))
    }

    /// The end of a style opened with `parameters`.
    mutating func closeStyle(_ parameters: String) {
        guard !parameters.isEmpty else { return }
        bytes.append(0x1B)
        bytes.append(UInt8(ascii: "["))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(UInt8(ascii: "m"))
    }

    /// `text` in the style of `parameters`, reset after it.
    mutating func append(_ text: String, style parameters: String) {
        openStyle(parameters)
        append(text)
        closeStyle(parameters)
    }
}
