/// The name of every phrase in the message catalogs: each key's English phrase is in
/// `EnglishPhrases.swift`, and the key is the `msgctxt` of its entry in po/*.po (the catalog
/// tests check every language against English). The raw value is the key in the files.
package enum MessageKey: String, Sendable, CaseIterable {
    // The default names of a range slider's handles (a name the program sets is used as given).
    case handleLower = "handle.lower"
    case handleUpper = "handle.upper"
    // Roles, as a screen reader names them on focus.
    case roleRangeSlider = "role.rangeSlider"
    case roleHorizontalSlider = "role.horizontalSlider"
    case roleVerticalSlider = "role.verticalSlider"
    case roleStepper = "role.stepper"
    // Focus and where things stand.
    case focus = "focus"
    case focusVerbose = "focus.verbose"
    case introRange = "intro.range"
    case introTerseRange = "intro.terse.range"
    case span = "span"
    case helpPrompt = "help.prompt"
    // What a key did.
    case endOfTrack = "limit.endOfTrack"
    case endOfRange = "limit.endOfRange"
    case meetsOther = "limit.meetsOther"
    case minimumDistance = "limit.minimumDistance"
    case maximumDistance = "limit.maximumDistance"
    case blockedEndOfTrack = "blocked.endOfTrack"
    case blockedEndOfRange = "blocked.endOfRange"
    case blockedByOther = "blocked.byOther"
    case blockedMinimumDistance = "blocked.minimumDistance"
    case blockedMaximumDistance = "blocked.maximumDistance"
    case wrappedToStart = "wrapped.start"
    case wrappedToEnd = "wrapped.end"
    case alreadyThere = "unchanged.alreadyThere"
    case onlyOneHandle = "unchanged.onlyOneHandle"
    case notANumber = "unchanged.notANumber"
    // Accepting and cancelling.
    case accepted = "accepted"
    /// Accepted, the values left to a screen reader that reads them where the program prints them.
    case acceptedAlone = "accepted.alone"
    case valuesRange = "values.range"
    case valuesJoined = "values.joined"
    case cancelled = "cancelled"
    case timedOut = "timed.out"
    // Typing a number.
    case typedMinus = "entry.minus"
    case typedPoint = "entry.point"
    case entryCleared = "entry.cleared"
    case entryCancelled = "entry.cancelled"
    case entryRejected = "entry.rejected"
    case reasonEmpty = "reason.empty"
    case reasonNotANumber = "reason.notANumber"
    case reasonBelowMinimum = "reason.belowMinimum"
    case reasonAboveMaximum = "reason.aboveMaximum"
    case reasonNegative = "reason.negative"
    case reasonFraction = "reason.fraction"
    case reasonNotADigit = "reason.notADigit"
    case reasonTooLong = "reason.tooLong"
    // The servers coming and going (spoken, or shown on the braille line).
    case brailleLost = "device.brailleLost"
    case brailleBack = "device.brailleBack"
    case speechLost = "device.speechLost"
    case speechBack = "device.speechBack"
    case brailleNotAnswering = "device.brailleNotAnswering"
    case speechNotAnswering = "device.speechNotAnswering"
    case screenReaderEnded = "device.screenReaderEnded"
    // Help (the ? and F1 keys).
    case keysStepper = "keys.stepper"
    case keysSlider = "keys.slider"
    case keysRangeSlider = "keys.rangeSlider"
    // The default labels of a11y-demo's controls (a label the program sets is used as given).
    case demoRange = "demo.range"
    case demoValue = "demo.value"
    case demoPrice = "demo.price"
    case demoQuantity = "demo.quantity"
    // The screen.
    case screenHint = "screen.hint"
    case screenTyping = "screen.typing"
    case screenAtMaximum = "screen.atMaximum"
    case screenAtMinimum = "screen.atMinimum"
}

extension MessageKey {
    /// The case's place in `allCases`, to look a phrase up by: a case without a payload is
    /// stored as its number in declaration order, one byte for up to 256 cases (hashing the
    /// key, which hashes its raw string, costs more than filling the phrase; checked by
    /// MessageCatalogTests).
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}
