// English: the reference catalog. Every other language must have each key below, and may use only
// the placeholders the English phrase has. Rule for every phrase: the first word carries the news.
extension Messages {
    static let englishCatalog = #"""
    handle.lower = lower
    handle.upper = upper

    role.rangeSlider = range slider
    role.horizontalSlider = horizontal slider
    role.stepper = spin button

    # A handle or stepper receiving focus (start, Tab, Space), as a screen reader says it.
    focus = {name}, {role}, {value}, from {from} to {to}
    focus.verbose = {name}, {role}, {value}, {percent} percent, from {from} to {to}
    # A range slider appearing, and Space: the selection, then the track's bounds.
    intro.range = {label}, {role}, {lower} to {upper}, of {minimum} to {maximum}
    intro.terse.range = {label}, {lower} to {upper}
    span = {span} percent of the track
    help.prompt = Press question mark for help.

    limit.endOfTrack = {value}, end of track
    limit.endOfRange = {value}, end of range
    limit.meetsOther = {value}, meets {other}
    limit.minimumDistance = {value}, closest to {other}
    limit.maximumDistance = {value}, farthest from {other}
    blocked.endOfTrack = {value}, blocked, end of track
    blocked.endOfRange = {value}, blocked, end of range
    blocked.byOther = {value}, blocked by {other}
    blocked.minimumDistance = {value}, blocked, closest to {other}
    blocked.maximumDistance = {value}, blocked, farthest from {other}
    wrapped.start = {value}, wrapped to the start
    wrapped.end = {value}, wrapped to the end
    unchanged.alreadyThere = already {value}
    unchanged.onlyOneHandle = only one handle
    unchanged.notANumber = not a number

    accepted = {values}, accepted
    values.range = {lower} to {upper}
    values.joined = {first} and {second}
    cancelled = cancelled
    timed.out = time is up, cancelled

    entry.minus = minus
    entry.point = point
    entry.cleared = entry cleared
    entry.cancelled = entry cancelled
    entry.rejected = {text} rejected, {reason}
    reason.empty = no number typed
    reason.notANumber = not a number
    reason.belowMinimum = below the minimum, {limit}
    reason.aboveMaximum = above the maximum, {limit}
    reason.negative = no negative numbers here
    reason.fraction = whole numbers only
    reason.notADigit = {character} is not a digit
    reason.tooLong = too many digits

    device.brailleLost = braille display lost
    device.brailleBack = braille display back
    device.speechLost = speech lost
    device.speechBack = speech back
    device.brailleNotAnswering = braille display not answering
    device.speechNotAnswering = speech not answering
    device.screenReaderEnded = screen reader ended, speaking myself

    keys.stepper = Up and Down arrows step, Page Up and Page Down step by 10, Home and End go to the ends, type digits to enter a value, Space says the value, Enter accepts, Escape cancels.
    keys.slider = Arrows move the handle, Page Up and Page Down move by 10 steps, Home and End go to the ends of the track, type digits to enter a value, Space says the value, Enter accepts, Escape cancels.
    keys.rangeSlider = Arrows move the focused handle, Tab switches handles, Page Up and Page Down move by 10 steps, Home and End go as far as the handle may, type digits to enter a value, Space says where things stand, Enter accepts, Escape cancels.

    demo.range = range
    demo.value = value
    demo.price = Price
    demo.quantity = Quantity

    screen.hint = Press ? for help, Enter to accept, Escape to cancel.
    screen.typing = Typing: {text}
    screen.atMaximum = (at maximum)
    screen.atMinimum = (at minimum)
    """#
}
