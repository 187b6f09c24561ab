import A11yModel

/// What a routing key over a cell of the braille line does.
package enum BrailleRoutingTarget: Sendable, Equatable {
    /// Over the track: move the focused handle to this fraction of the track.
    case track(Double)
    /// Over a value: focus that handle.
    case handle(Handle)
    /// Over the label: say where things stand.
    case status
}
