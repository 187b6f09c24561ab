import A11yFormatting

extension Announcer {
    /// "Where am I" for the braille display (a routing key over the label, or Space): the label,
    /// every value by its handle's name, and the bounds, in braille's short forms:
    /// "Price: lower 10, upper 90 (0..100)", "Volume: 5 (1..99)".
    package func brailleStatus(of control: PresentedControl) -> String {
        let values: String
        if control.kind == .stepper || control.handles.count == 1 {
            values = control.focusedHandle.text.braille
        } else {
            values = control.handles.map { "\($0.name) \($0.text.braille)" }.joined(separator: ", ")
        }
        let bounds = "(\(control.minimum.braille)..\(control.maximum.braille))"
        return (control.label.isEmpty ? "" : control.label + ": ") + values + " " + bounds
    }
}
