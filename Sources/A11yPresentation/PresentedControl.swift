import A11yFormatting
import A11yModel
import A11yVocabulary
/// A control as the presenters see it at one moment: its kind, its label, each handle's name and
/// value written three ways, and what the keys can still do. Built from a model value and a
/// formatter; the announcer and the braille and screen renderers read only this.
package struct PresentedControl: Sendable, Equatable {
    /// What kind of control it is, as speech names it.
    package enum Kind: String, Sendable, Equatable {
        case rangeSlider = "range slider"
        case slider = "slider"
        case stepper = "stepper"
    }

    /// One handle (a stepper has one, named after the control).
    package struct HandleState: Sendable, Equatable {
        package var handle: Handle
        /// The handle's accessibility label ("lower", "upper" by default; the Announcer says the
        /// default names in the user's language).
        package var name: String
        /// The handle's accessibility hint ("" when none).
        package var hint: String
        package var value: Double
        package var text: FormattedValue
        /// Where the value lies on the track, 0...1.
        package var fraction: Double
        /// The range this handle may take now (the lower one: from the track's minimum to the
        /// upper handle, less any minimum distance).
        package var allowedLower: FormattedValue
        package var allowedUpper: FormattedValue
        /// The values `allowedLower` and `allowedUpper` are the texts of.
        package var lowestAllowed: Double
        package var highestAllowed: Double
    }

    package var kind: Kind
    /// The control's label ("Price"); may be empty.
    package var label: String
    /// The handles in focus order.
    package var handles: [HandleState]
    package var focused: Handle
    /// The track's ends, formatted.
    package var minimum: FormattedValue
    package var maximum: FormattedValue
    /// False when the formatter shows no labels (TTRangeSlider's hideLabels / NSNull formatter).
    package var showsLabels: Bool
    /// How the track lies on the screen (speech and braille do not change with it).
    package var layout = TrackLayout()
    /// True while the focused handle is held (by the pointer or a held key): drawn emphasised.
    package var isInteracting = false
    /// Whether a step down / up can change the focused value (the stepper's disabled buttons).
    package var canDecrease: Bool
    package var canIncrease: Bool
    /// What the values were formatted for: a later presentation of the control in the same
    /// context takes the texts of the values that did not change from this one.
    var context: FormatContext

    /// The focused handle.
    package var focusedHandle: HandleState { handles[focusedIndex] }

    /// Where the focused handle is in `handles` (to read one of its fields without copying it).
    package var focusedIndex: Int { index(of: focused) ?? handles.count - 1 }

    /// Where `handle` is in `handles`, or nil when the control has no such handle.
    package func index(of handle: Handle) -> Int? {
        // By index: a closure given each element would copy each (six strings).
        for index in handles.indices where handles[index].handle == handle { return index }
        return nil
    }

    /// The handle `handle`, or nil when the control has no such handle.
    package func state(of handle: Handle) -> HandleState? { index(of: handle).map { handles[$0] } }

    /// The text of any value of this control (for example a change's old value).
    package typealias TextOfValue = @Sendable (Double) -> FormattedValue
}

extension PresentedControl {
    /// A range slider (one or two handles) as presented with `formatter`.
    package init(_ slider: RangeSlider, label: String, formatter: any ValueFormatter, locale: NumberLocale) {
        self.init(blank: slider, kind: Self.kind(of: slider), formatter: formatter, locale: locale)
        update(slider, label: label, formatter: formatter, locale: locale)
    }

    /// Brings this presentation of `slider` (made with the same formatter) up to date after a
    /// change, in place: only the values that moved are formatted, and the texts of the other
    /// values (the track's ends, the handle that did not move, an allowed range's end that is a
    /// bound or the other handle) are kept. When what the texts depend on changed (the track's
    /// ends, the precision, the locale, one handle or two), every value is formatted again.
    package mutating func update(_ slider: RangeSlider, label: String, formatter: any ValueFormatter, locale: NumberLocale) {
        refresh(slider, kind: Self.kind(of: slider), label: label, showsLabels: formatter.showsLabels && !slider.configuration.hideLabels,
                formatter: formatter, locale: locale) { handle in
            let range = slider.allowedRange(for: handle)
            return (range.lower, range.upper)
        }
        let focused = focusedIndex
        canDecrease = handles[focused].value > handles[focused].lowestAllowed
        canIncrease = handles[focused].value < handles[focused].highestAllowed
    }

    /// A stepper as presented with `formatter`; `label` names it in place of its configuration's
    /// label when not empty.
    package init(_ stepper: Stepper, label: String = "", formatter: any ValueFormatter, locale: NumberLocale) {
        self.init(blank: stepper, kind: .stepper, formatter: formatter, locale: locale)
        update(stepper, label: label, formatter: formatter, locale: locale)
    }

    /// Brings this presentation of `stepper` up to date after a change, in place (as for a range
    /// slider).
    package mutating func update(_ stepper: Stepper, label: String = "", formatter: any ValueFormatter, locale: NumberLocale) {
        refresh(stepper, kind: .stepper, label: label.isEmpty ? stepper.configuration.label : label, showsLabels: formatter.showsLabels,
                formatter: formatter, locale: locale) { _ in (stepper.bounds.lowerBound, stepper.bounds.upperBound) }
        canDecrease = stepper.canDecrement
        canIncrease = stepper.canIncrement
    }

    private static func kind(of slider: RangeSlider) -> Kind { slider.configuration.disableRange ? .slider : .rangeSlider }

    /// A presentation of `control` with its handles and the track's ends but no handle's value
    /// yet (`refresh` formats them).
    private init<C: Control>(blank control: C, kind: Kind, formatter: any ValueFormatter, locale: NumberLocale) {
        let context = FormatContext(for: control, locale: locale)
        let none = FormattedValue(visual: "", spoken: "", braille: "")
        self.init(kind: kind, label: "",
                  handles: control.handles.map { HandleState(handle: $0, name: "", hint: "", value: .nan, text: none, fraction: 0,
                                                             allowedLower: none, allowedUpper: none, lowestAllowed: .nan, highestAllowed: .nan) },
                  focused: control.focusedHandle,
                  minimum: formatter.format(context.minimum, in: context), maximum: formatter.format(context.maximum, in: context),
                  showsLabels: false, canDecrease: false, canIncrease: false, context: context)
    }

    /// The presentation brought up to date with `control`: each value that changed formatted (or
    /// its text taken from another value that has it), each allowed range's ends likewise, the
    /// names, the hints, the focus, the label and whether labels show. Starts again from a blank
    /// presentation when `kind` or what the texts depend on changed.
    private mutating func refresh<C: Control>(_ control: C, kind: Kind, label: String, showsLabels: Bool,
                                              formatter: any ValueFormatter, locale: NumberLocale,
                                              allowedRange: (Handle) -> (lower: Double, upper: Double)) {
        let context = FormatContext(for: control, locale: locale)
        if kind != self.kind || context != self.context {
            let layout = self.layout
            self = PresentedControl(blank: control, kind: kind, formatter: formatter, locale: locale)
            self.layout = layout
        }
        if control.isInteracting != isInteracting { isInteracting = control.isInteracting }
        // Strings set only when they changed: an equal one would still cost a retain and a release.
        if label != self.label { self.label = label }
        self.showsLabels = showsLabels
        focused = control.focusedHandle
        let span = context.maximum - context.minimum
        // By index, in place: a HandleState is six strings, and the array is not copied.
        for index in handles.indices {
            let handle = handles[index].handle
            let value = control.value(of: handle)
            if value != handles[index].value {
                handles[index].text = text(of: value, formatter: formatter)
                handles[index].value = value
                handles[index].fraction = span > 0 ? min(1, max(0, (value - context.minimum) / span)) : 0
            }
            let name = control.label(of: handle), hint = control.hint(of: handle)
            if name != handles[index].name { handles[index].name = name }
            if hint != handles[index].hint { handles[index].hint = hint }
        }
        // After every value: an allowed range's end is nearly always the other handle's value.
        for index in handles.indices {
            let allowed = allowedRange(handles[index].handle)
            if allowed.lower != handles[index].lowestAllowed {
                handles[index].allowedLower = text(of: allowed.lower, formatter: formatter)
                handles[index].lowestAllowed = allowed.lower
            }
            if allowed.upper != handles[index].highestAllowed {
                handles[index].allowedUpper = text(of: allowed.upper, formatter: formatter)
                handles[index].highestAllowed = allowed.upper
            }
        }
    }

    /// The text of `value`: that of a track's end or a handle's value when it is one of them
    /// (each value's text depends only on the value and the context), otherwise formatted.
    private func text(of value: Double, formatter: any ValueFormatter) -> FormattedValue {
        if value == context.minimum { return minimum }
        if value == context.maximum { return maximum }
        for index in handles.indices where handles[index].value == value { return handles[index].text }
        return formatter.format(value, in: context)
    }
}
