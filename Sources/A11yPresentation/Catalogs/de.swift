// Deutsch. Namen der Regler ohne Artikel ("Regler oben"), damit jede Wendung ohne Beugung passt.
extension Messages {
    static let germanCatalog = #"""
    handle.lower = Regler unten
    handle.upper = Regler oben

    role.rangeSlider = Bereichsregler
    role.horizontalSlider = horizontaler Schieber
    role.stepper = Einstellknopf

    focus = {name}, {role}, {value}, von {from} bis {to}
    focus.verbose = {name}, {role}, {value}, {percent} Prozent, von {from} bis {to}
    intro.range = {label}, {role}, {lower} bis {upper}, Skala von {minimum} bis {maximum}
    intro.terse.range = {label}, {lower} bis {upper}
    span = {span} Prozent der Skala
    help.prompt = Hilfe mit der Fragezeichentaste.

    limit.endOfTrack = {value}, Ende der Skala
    limit.endOfRange = {value}, Ende des Bereichs
    limit.meetsOther = {value}, trifft {other}
    limit.minimumDistance = {value}, Mindestabstand zu {other}
    limit.maximumDistance = {value}, Höchstabstand zu {other}
    blocked.endOfTrack = {value}, blockiert, Ende der Skala
    blocked.endOfRange = {value}, blockiert, Ende des Bereichs
    blocked.byOther = {value}, blockiert durch {other}
    blocked.minimumDistance = {value}, blockiert, Mindestabstand zu {other}
    blocked.maximumDistance = {value}, blockiert, Höchstabstand zu {other}
    wrapped.start = {value}, weiter am Anfang
    wrapped.end = {value}, weiter am Ende
    unchanged.alreadyThere = bereits {value}
    unchanged.onlyOneHandle = nur ein Regler
    unchanged.notANumber = keine Zahl

    accepted = {values}, übernommen
    values.range = {lower} bis {upper}
    values.joined = {first} und {second}
    cancelled = abgebrochen
    timed.out = Zeit abgelaufen, abgebrochen

    entry.minus = minus
    entry.point = Komma
    entry.cleared = Eingabe gelöscht
    entry.cancelled = Eingabe abgebrochen
    entry.rejected = {text} abgelehnt, {reason}
    reason.empty = keine Zahl eingegeben
    reason.notANumber = keine Zahl
    reason.belowMinimum = zu klein, mindestens {limit}
    reason.aboveMaximum = zu groß, höchstens {limit}
    reason.negative = hier keine negativen Zahlen
    reason.fraction = nur ganze Zahlen
    reason.notADigit = {character} ist keine Ziffer
    reason.tooLong = zu viele Ziffern

    device.brailleLost = Braillezeile getrennt
    device.brailleBack = Braillezeile wieder da
    device.speechLost = Sprache getrennt
    device.speechBack = Sprache wieder da
    device.brailleNotAnswering = Braillezeile antwortet nicht
    device.speechNotAnswering = Sprache antwortet nicht
    device.screenReaderEnded = Bildschirmleser beendet, ich spreche selbst

    keys.stepper = Pfeil hoch und runter ändern den Wert, Bild auf und Bild ab um 10 Schritte, Pos1 und Ende gehen an die Enden, Ziffern geben einen Wert ein, Leertaste sagt den Wert, Eingabe übernimmt, Escape bricht ab.
    keys.slider = Pfeiltasten bewegen den Regler, Bild auf und Bild ab um 10 Schritte, Pos1 und Ende gehen an die Enden der Skala, Ziffern geben einen Wert ein, Leertaste sagt den Wert, Eingabe übernimmt, Escape bricht ab.
    keys.rangeSlider = Pfeiltasten bewegen den aktiven Regler, Tab wechselt den Regler, Bild auf und Bild ab um 10 Schritte, Pos1 und Ende gehen so weit der Regler darf, Ziffern geben einen Wert ein, Leertaste sagt den Stand, Eingabe übernimmt, Escape bricht ab.

    demo.range = Bereich
    demo.value = Wert
    demo.price = Preis
    demo.quantity = Menge

    screen.hint = ? für Hilfe, Eingabe übernimmt, Escape bricht ab.
    screen.typing = Eingabe: {text}
    screen.atMaximum = (am Maximum)
    screen.atMinimum = (am Minimum)
    """#
}
