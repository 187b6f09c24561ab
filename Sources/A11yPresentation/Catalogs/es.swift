// Español. Estilo telegráfico de los lectores de pantalla: los nombres de los controles van sin artículo.
extension Messages {
    static let spanishCatalog = #"""
    handle.lower = control inferior
    handle.upper = control superior

    role.rangeSlider = control deslizante de rango
    role.horizontalSlider = deslizador horizontal
    role.stepper = botón giratorio

    focus = {name}, {role}, {value}, de {from} a {to}
    focus.verbose = {name}, {role}, {value}, {percent} por ciento, de {from} a {to}
    intro.range = {label}, {role}, {lower} a {upper}, en una escala de {minimum} a {maximum}
    intro.terse.range = {label}, {lower} a {upper}
    span = {span} por ciento de la escala
    help.prompt = Ayuda con la tecla de interrogación.

    limit.endOfTrack = {value}, fin de la escala
    limit.endOfRange = {value}, fin del rango
    limit.meetsOther = {value}, junto a {other}
    limit.minimumDistance = {value}, distancia mínima a {other}
    limit.maximumDistance = {value}, distancia máxima a {other}
    blocked.endOfTrack = {value}, bloqueado, fin de la escala
    blocked.endOfRange = {value}, bloqueado, fin del rango
    blocked.byOther = {value}, bloqueado por {other}
    blocked.minimumDistance = {value}, bloqueado, distancia mínima a {other}
    blocked.maximumDistance = {value}, bloqueado, distancia máxima a {other}
    wrapped.start = {value}, vuelta al principio
    wrapped.end = {value}, vuelta al final
    unchanged.alreadyThere = ya en {value}
    unchanged.onlyOneHandle = solo un control
    unchanged.notANumber = no es un número

    accepted = {values}, aceptado
    values.range = {lower} a {upper}
    values.joined = {first} y {second}
    cancelled = cancelado
    timed.out = se acabó el tiempo, cancelado

    entry.minus = menos
    entry.point = coma
    entry.cleared = entrada borrada
    entry.cancelled = entrada cancelada
    entry.rejected = {text} rechazado, {reason}
    reason.empty = ningún número escrito
    reason.notANumber = no es un número
    reason.belowMinimum = demasiado pequeño, como mínimo {limit}
    reason.aboveMaximum = demasiado grande, como máximo {limit}
    reason.negative = sin números negativos aquí
    reason.fraction = solo números enteros
    reason.notADigit = {character} no es un dígito
    reason.tooLong = demasiados dígitos

    device.brailleLost = línea braille perdida
    device.brailleBack = línea braille de vuelta
    device.speechLost = voz perdida
    device.speechBack = voz de vuelta
    device.brailleNotAnswering = línea braille no responde
    device.speechNotAnswering = voz no responde
    device.screenReaderEnded = lector de pantalla terminado, hablo yo

    keys.stepper = Flechas arriba y abajo cambian el valor, Retroceder página y Avanzar página 10 pasos, Inicio y Fin van a los extremos, los dígitos escriben un valor, Espacio dice el valor, Intro acepta, Escape cancela.
    keys.slider = Flechas mueven el control, Retroceder página y Avanzar página 10 pasos, Inicio y Fin van a los extremos de la escala, los dígitos escriben un valor, Espacio dice el valor, Intro acepta, Escape cancela.
    keys.rangeSlider = Flechas mueven el control activo, Tab cambia de control, Retroceder página y Avanzar página 10 pasos, Inicio y Fin van tan lejos como el control puede, los dígitos escriben un valor, Espacio dice el estado, Intro acepta, Escape cancela.

    demo.range = rango
    demo.value = valor
    demo.price = Precio
    demo.quantity = Cantidad

    screen.hint = ? para ayuda, Intro para aceptar, Escape para cancelar.
    screen.typing = Escribiendo: {text}
    screen.atMaximum = (en el máximo)
    screen.atMinimum = (en el mínimo)
    """#
}
