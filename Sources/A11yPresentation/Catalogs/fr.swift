// Français. Style télégraphique des lecteurs d'écran : les noms des curseurs vont sans article.
extension Messages {
    static let frenchCatalog = #"""
    handle.lower = curseur bas
    handle.upper = curseur haut

    role.rangeSlider = glissière de plage
    role.horizontalSlider = glissière horizontale
    role.stepper = bouton de réglage

    focus = {name}, {role}, {value}, de {from} à {to}
    focus.verbose = {name}, {role}, {value}, {percent} pour cent, de {from} à {to}
    intro.range = {label}, {role}, {lower} à {upper}, sur une échelle de {minimum} à {maximum}
    intro.terse.range = {label}, {lower} à {upper}
    span = {span} pour cent de l'échelle
    help.prompt = Aide avec la touche point d'interrogation.

    limit.endOfTrack = {value}, bout de l'échelle
    limit.endOfRange = {value}, bout de la plage
    limit.meetsOther = {value}, contre {other}
    limit.minimumDistance = {value}, écart minimal avec {other}
    limit.maximumDistance = {value}, écart maximal avec {other}
    blocked.endOfTrack = {value}, bloqué, bout de l'échelle
    blocked.endOfRange = {value}, bloqué, bout de la plage
    blocked.byOther = {value}, bloqué par {other}
    blocked.minimumDistance = {value}, bloqué, écart minimal avec {other}
    blocked.maximumDistance = {value}, bloqué, écart maximal avec {other}
    wrapped.start = {value}, retour au début
    wrapped.end = {value}, retour à la fin
    unchanged.alreadyThere = déjà {value}
    unchanged.onlyOneHandle = un seul curseur
    unchanged.notANumber = pas un nombre

    accepted = {values}, validé
    values.range = {lower} à {upper}
    values.joined = {first} et {second}
    cancelled = annulé
    timed.out = temps écoulé, annulé

    entry.minus = moins
    entry.point = virgule
    entry.cleared = saisie effacée
    entry.cancelled = saisie annulée
    entry.rejected = {text} refusé, {reason}
    reason.empty = aucun nombre saisi
    reason.notANumber = pas un nombre
    reason.belowMinimum = trop petit, au moins {limit}
    reason.aboveMaximum = trop grand, au plus {limit}
    reason.negative = pas de nombre négatif ici
    reason.fraction = nombres entiers seulement
    reason.notADigit = {character} n'est pas un chiffre
    reason.tooLong = trop de chiffres

    device.brailleLost = afficheur braille perdu
    device.brailleBack = afficheur braille revenu
    device.speechLost = parole perdue
    device.speechBack = parole revenue
    device.brailleNotAnswering = afficheur braille ne répond pas
    device.speechNotAnswering = parole ne répond pas
    device.screenReaderEnded = lecteur d'écran arrêté, je parle moi-même

    keys.stepper = Flèches haut et bas changent la valeur, Page précédente et Page suivante de 10 pas, Début et Fin vont aux bouts, des chiffres saisissent une valeur, Espace dit la valeur, Entrée valide, Échap annule.
    keys.slider = Flèches déplacent le curseur, Page précédente et Page suivante de 10 pas, Début et Fin vont aux bouts de l'échelle, des chiffres saisissent une valeur, Espace dit la valeur, Entrée valide, Échap annule.
    keys.rangeSlider = Flèches déplacent le curseur actif, Tab change de curseur, Page précédente et Page suivante de 10 pas, Début et Fin vont aussi loin que le curseur le peut, des chiffres saisissent une valeur, Espace dit où on en est, Entrée valide, Échap annule.

    demo.range = plage
    demo.value = valeur
    demo.price = Prix
    demo.quantity = Quantité

    screen.hint = ? pour l'aide, Entrée pour valider, Échap pour annuler.
    screen.typing = Saisie : {text}
    screen.atMaximum = (au maximum)
    screen.atMinimum = (au minimum)
    """#
}
