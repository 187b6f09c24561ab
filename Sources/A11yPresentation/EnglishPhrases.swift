// The English phrases: the msgids of the catalogs in po/, each with its key as msgctxt (the
// key keeps apart phrases that read alike in English, such as "not a number" for a refused
// value and for a refused typed entry). `make pot` reads this file with xgettext (the keywords
// phrase:1c,2 and plural:1c,2,3) to write po/a11y-controls.pot; a phrase changed here is
// English until the catalogs translate it again.
//
// Rule for every phrase: the first word carries the news (a screen reader user hears the value
// first). Write handle names that need no article, so that every phrase also works with a name
// of the program's own. A translation may use only the placeholders its phrase has.
extension MessageKey {
    /// The English phrase of every key, in the order of the cases (`englishPhrase(of:)` reads it
    /// by ordinal; MessageCatalogTests checks the order).
    static let englishPhrases: [EnglishPhrase] = [
        // TRANSLATORS: the first word of every phrase carries the news; handle names go without
        // an article. Keep the {placeholders}: they are filled in as the phrase is spoken.
        phrase("handle.lower", "lower"),
        phrase("handle.upper", "upper"),

        phrase("role.rangeSlider", "range slider"),
        phrase("role.horizontalSlider", "horizontal slider"),
        phrase("role.verticalSlider", "vertical slider"),
        phrase("role.stepper", "spin button"),

        // TRANSLATORS: A handle or stepper receiving focus (start, Tab, Space), as a screen reader says it.
        phrase("focus", "{name}, {role}, {value}, from {from} to {to}"),
        // TRANSLATORS: as "focus", with where the value lies on the track; the forms count {percent}.
        plural("focus.verbose", "{name}, {role}, {value}, {percent} percent, from {from} to {to}",
               "{name}, {role}, {value}, {percent} percent, from {from} to {to}"),
        // TRANSLATORS: A range slider appearing, and Space: the selection, then the track's bounds.
        phrase("intro.range", "{label}, {role}, {lower} to {upper}, of {minimum} to {maximum}"),
        phrase("intro.terse.range", "{label}, {lower} to {upper}"),
        // TRANSLATORS: verbose: how much of the track the selection covers; the forms count {span}.
        plural("span", "{span} percent of the track", "{span} percent of the track"),
        phrase("help.prompt", "Press question mark for help."),

        phrase("limit.endOfTrack", "{value}, end of track"),
        phrase("limit.endOfRange", "{value}, end of range"),
        phrase("limit.meetsOther", "{value}, meets {other}"),
        phrase("limit.minimumDistance", "{value}, closest to {other}"),
        phrase("limit.maximumDistance", "{value}, farthest from {other}"),
        phrase("blocked.endOfTrack", "{value}, blocked, end of track"),
        phrase("blocked.endOfRange", "{value}, blocked, end of range"),
        phrase("blocked.byOther", "{value}, blocked by {other}"),
        phrase("blocked.minimumDistance", "{value}, blocked, closest to {other}"),
        phrase("blocked.maximumDistance", "{value}, blocked, farthest from {other}"),
        phrase("wrapped.start", "{value}, wrapped to the start"),
        phrase("wrapped.end", "{value}, wrapped to the end"),
        phrase("unchanged.alreadyThere", "already {value}"),
        phrase("unchanged.onlyOneHandle", "only one handle"),
        phrase("unchanged.notANumber", "not a number"),

        phrase("accepted", "{values}, accepted"),
        phrase("accepted.alone", "accepted"),
        phrase("values.range", "{lower} to {upper}"),
        phrase("values.joined", "{first} and {second}"),
        phrase("cancelled", "cancelled"),
        phrase("timed.out", "time is up, cancelled"),

        phrase("entry.minus", "minus"),
        phrase("entry.point", "point"),
        phrase("entry.cleared", "entry cleared"),
        phrase("entry.cancelled", "entry cancelled"),
        phrase("entry.rejected", "{text} rejected, {reason}"),
        phrase("reason.empty", "no number typed"),
        phrase("reason.notANumber", "not a number"),
        phrase("reason.belowMinimum", "below the minimum, {limit}"),
        phrase("reason.aboveMaximum", "above the maximum, {limit}"),
        phrase("reason.negative", "no negative numbers here"),
        phrase("reason.fraction", "whole numbers only"),
        phrase("reason.notADigit", "{character} is not a digit"),
        phrase("reason.tooLong", "too many digits"),

        phrase("device.brailleLost", "braille display lost"),
        phrase("device.brailleBack", "braille display back"),
        phrase("device.speechLost", "speech lost"),
        phrase("device.speechBack", "speech back"),
        phrase("device.brailleNotAnswering", "braille display not answering"),
        phrase("device.speechNotAnswering", "speech not answering"),
        phrase("device.screenReaderEnded", "screen reader ended, speaking myself"),

        phrase("keys.stepper", "Up and Down arrows step, Page Up and Page Down step by 10, Home and End go to the ends, type digits to enter a value, Space says the value, Enter accepts, Escape cancels."),
        phrase("keys.slider", "Arrows move the handle, Page Up and Page Down move by 10 steps, Home and End go to the ends of the track, type digits to enter a value, Space says the value, Enter accepts, Escape cancels."),
        phrase("keys.rangeSlider", "Arrows move the focused handle, Tab switches handles, Page Up and Page Down move by 10 steps, Home and End go as far as the handle may, type digits to enter a value, Space says where things stand, Enter accepts, Escape cancels."),

        phrase("demo.range", "range"),
        phrase("demo.value", "value"),
        phrase("demo.price", "Price"),
        phrase("demo.quantity", "Quantity"),

        phrase("screen.hint", "Press ? for help, Enter to accept, Escape to cancel."),
        phrase("screen.typing", "Typing: {text}"),
        phrase("screen.atMaximum", "(at maximum)"),
        phrase("screen.atMinimum", "(at minimum)"),
    ]

    /// A phrase without plural forms.
    private static func phrase(_ key: String, _ english: String) -> EnglishPhrase {
        EnglishPhrase(key: key, forms: [english])
    }

    /// A phrase that counts (the Announcer gives the number that picks the form): the forms for
    /// one and for other numbers, as gettext's msgid and msgid_plural.
    private static func plural(_ key: String, _ one: String, _ other: String) -> EnglishPhrase {
        EnglishPhrase(key: key, forms: [one, other])
    }
}

/// A key's English phrase: one form, or two for a phrase that counts (one, other).
struct EnglishPhrase: Sendable {
    let key: String
    let forms: [String]
}
