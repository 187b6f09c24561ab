import A11yFormatting
import A11yModel
import A11yVocabulary
/// A control as the presenters see it at one moment: its kind, its label, each handle's name and
/// value written three ways, and what the keys can still do. Built from a model value and a
/// formatter; the announcer and the braille and screen renderers read only this.
public struct PresentedControl: Sendable, Equatable {
    /// What kind of control it is, as speech names it.
    public enum Kind: String, Sendable, Equatable {
        case rangeSlider = "range slider"
        case slider = "slider"
        case stepper = "stepper"
    }

    /// One handle (a stepper has one, named after the control).
    public struct HandleState: Sendable, Equatable {
        public var handle: Handle
        /// The handle's accessibility label ("lower", "upper" by default; the Announcer says the
        /// default names in the user's language).
        public var name: String
        /// The handle's accessibility hint ("" when none).
        public var hint: String
        public var value: Double
        public var text: FormattedValue
        /// Where the value lies on the track, 0...1.
        public var fraction: Double
        /// The range this handle may take now (the lower one: from the track's minimum to the
        /// upper handle, less any minimum distance).
        public var allowedLower: FormattedValue
        public var allowedUpper: FormattedValue
    }

    public var kind: Kind
    /// The control's label ("Price"); may be empty.
    public var label: String
    /// The handles in focus order.
    public var handles: [HandleState]
    public var focused: Handle
    /// The track's ends, formatted.
    public var minimum: FormattedValue
    public var maximum: FormattedValue
    /// False when the formatter shows no labels (TTRangeSlider's hideLabels / NSNull formatter).
    public var showsLabels: Bool
    /// Whether a step down / up can change the focused value (the stepper's disabled buttons).
    public var canDecrease: Bool
    public var canIncrease: Bool
    /// What the values were formatted for: a later presentation of the control in the same
    /// context takes the texts of the values that did not change from this one.
    var context: FormatContext

    /// The focused handle.
    public var focusedHandle: HandleState { handles[focusedIndex] }

    /// Where the focused handle is in `handles` (to read one of its fields without copying it).
    public var focusedIndex: Int { index(of: focused) ?? handles.count - 1 }

    /// Where `handle` is in `handles`, or nil when the control has no such handle.
    public func index(of handle: Handle) -> Int? {
        // By index: a closure given each element would copy each (six strings).
        for index in handles.indices where handles[index].handle == handle { return index }
        return nil
    }

    /// The handle `handle`, or nil when the control has no such handle.
    public func state(of handle: Handle) -> HandleState? { index(of: handle).map { handles[$0] } }

    /// The text of any value of this control (for example a change's old value).
    public typealias TextOfValue = @Sendable (Double) -> FormattedValue
}

extension PresentedControl {
    /// A range slider (one or two handles) as presented with `formatter`. `previous`, the same
    /// control presented with the same formatter before a change, lends the texts of the values
    /// that did not change (the track's ends, the handle that did not move): on a key, only the
    /// value that moved is formatted.
    public init(_ slider: RangeSlider, label: String, formatter: any ValueFormatter, locale: NumberLocale,
                previous: PresentedControl? = nil) {
        let configuration = slider.configuration
        var values: [Double] = []
        values.reserveCapacity(4)
        values.append(slider.bounds.lowerBound)
        values.append(slider.bounds.upperBound)
        for handle in slider.handles { values.append(slider.value(of: handle)) }
        var texts = Texts(formatter: formatter, context: FormatContext(for: slider, locale: locale), values: values, previous: previous)
        let handles = slider.handles.map { handle in
            let allowed = slider.allowedRange(for: handle)
            return Self.handleState(handle, of: slider, name: configuration.label(of: handle),
                                    hint: configuration.hint(of: handle), allowed: (allowed.lower, allowed.upper), texts: &texts)
        }
        let range = slider.allowedRange(for: slider.focusedHandle)
        let focusedValue = slider.focusedValue
        self.init(kind: configuration.disableRange ? .slider : .rangeSlider, label: label, handles: handles,
                  focused: slider.focusedHandle,
                  minimum: texts.text(of: slider.bounds.lowerBound), maximum: texts.text(of: slider.bounds.upperBound),
                  showsLabels: formatter.showsLabels && !configuration.hideLabels,
                  canDecrease: focusedValue > range.lower, canIncrease: focusedValue < range.upper, context: texts.context)
    }

    /// A stepper as presented with `formatter` (`previous` as for a range slider).
    public init(_ stepper: Stepper, formatter: any ValueFormatter, locale: NumberLocale, previous: PresentedControl? = nil) {
        let configuration = stepper.configuration
        var texts = Texts(formatter: formatter, context: FormatContext(for: stepper, locale: locale),
                          values: [stepper.bounds.lowerBound, stepper.bounds.upperBound, stepper.value(of: .upper)],
                          previous: previous)
        let handle = Self.handleState(.upper, of: stepper, name: configuration.label, hint: configuration.hint,
                                      allowed: (stepper.bounds.lowerBound, stepper.bounds.upperBound), texts: &texts)
        self.init(kind: .stepper, label: configuration.label, handles: [handle], focused: .upper,
                  minimum: texts.text(of: stepper.bounds.lowerBound), maximum: texts.text(of: stepper.bounds.upperBound),
                  showsLabels: formatter.showsLabels,
                  canDecrease: stepper.canDecrement, canIncrease: stepper.canIncrement, context: texts.context)
    }

    /// Each value formatted once: the bounds, the handles, and the allowed ranges (which are
    /// nearly always a bound or the other handle) share their texts.
    private struct Texts {
        let formatter: any ValueFormatter
        let context: FormatContext
        var known: [(value: Double, text: FormattedValue)] = []

        init(formatter: any ValueFormatter, context: FormatContext, values: [Double], previous: PresentedControl?) {
            self.formatter = formatter
            self.context = context
            // Room for the allowed ranges' ends too (nearly always one of these): one allocation.
            known.reserveCapacity(values.count + 2)
            if let previous, previous.context == context {
                known.append((context.minimum, previous.minimum))
                known.append((context.maximum, previous.maximum))
                for handle in previous.handles { known.append((handle.value, handle.text)) }
            }
            for value in values { _ = text(of: value) }
        }

        mutating func text(of value: Double) -> FormattedValue {
            if let found = known.first(where: { $0.value == value }) { return found.text }
            let text = formatter.format(value, in: context)
            known.append((value, text))
            return text
        }
    }

    private static func handleState<C: Control>(_ handle: Handle, of control: C, name: String, hint: String,
                                                 allowed: (Double, Double), texts: inout Texts) -> HandleState {
        let value = control.value(of: handle)
        let span = control.bounds.upperBound - control.bounds.lowerBound
        let fraction = span > 0 ? (value - control.bounds.lowerBound) / span : 0
        return HandleState(handle: handle, name: name, hint: hint, value: value,
                           text: texts.text(of: value), fraction: min(1, max(0, fraction)),
                           allowedLower: texts.text(of: allowed.0), allowedUpper: texts.text(of: allowed.1))
    }
}
