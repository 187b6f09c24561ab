/// Direct numeric entry: the user types a number, edits it, and commits or cancels it.
///
/// A pure state machine. It starts with the first digit typed; accepts `-` (only first, and only
/// when negatives are allowed) and one `.` (only when fractions are allowed); Backspace deletes
/// the last character. `commit(in:)` validates against the range the focused handle may take
/// now, which the caller supplies, and returns the value or why it was rejected.
package struct NumericEntry: Sendable, Equatable {
    /// What numbers the control accepts now.
    package struct Rules: Sendable, Equatable {
        /// The values the focused handle may take now (other handle and distances included).
        package var allowedRange: ClosedRange<Double>
        /// Whether a leading `-` may be typed.
        package var allowsNegative: Bool
        /// Whether a `.` may be typed.
        package var allowsFraction: Bool

        package init(allowedRange: ClosedRange<Double>, allowsNegative: Bool? = nil, allowsFraction: Bool) {
            self.allowedRange = allowedRange
            self.allowsNegative = allowsNegative ?? (allowedRange.lowerBound < 0)
            self.allowsFraction = allowsFraction
        }
    }

    /// Why a typed character or a committed number was refused.
    package enum Rejection: Error, Sendable, Equatable {
        /// Nothing (or only `-` or `.`) was typed.
        case empty
        /// The text is not a number (cannot happen through `insert`, kept for callers).
        case notANumber
        case belowMinimum(Double)
        case aboveMaximum(Double)
        /// A `-` where no negative number is possible, or not at the start.
        case negativeNotAllowed
        /// A `.` where the control only takes whole numbers, or a second one.
        case fractionNotAllowed
        /// A character that is not part of a number.
        case notADigit(Character)
        /// More characters than any value needs.
        case tooLong

    }

    /// The longest text accepted.
    package static let maximumLength = 24

    /// The text typed so far.
    package private(set) var text: String

    /// An empty entry; type its first character with `insert(_:rules:)`.
    package init() { text = "" }

    /// Whether `character` may start an entry when none is in progress (ASCII digits only: `-`
    /// and `.` keep their key map meaning outside an entry).
    package static func starts(with character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    /// Types a character. Returns nil if accepted, or why not (the text is unchanged).
    @discardableResult
    package mutating func insert(_ character: Character, rules: Rules) -> Rejection? {
        guard text.count < Self.maximumLength else { return .tooLong }
        switch character {
        case "0"..."9":
            break
        case "-":
            guard rules.allowsNegative else { return .negativeNotAllowed }
            guard text.isEmpty else { return .negativeNotAllowed }
        case ".", ",":
            guard rules.allowsFraction, !text.contains(".") else { return .fractionNotAllowed }
            text.append(".")
            return nil
        default:
            return .notADigit(character)
        }
        text.append(character)
        return nil
    }

    /// Deletes the last character. Returns false when there was nothing to delete.
    @discardableResult
    package mutating func deleteBackward() -> Bool {
        guard !text.isEmpty else { return false }
        text.removeLast()
        return true
    }

    /// Whether nothing is typed.
    package var isEmpty: Bool { text.isEmpty }

    /// The number typed, validated against `rules`. The caller snaps it to the step grid.
    package func commit(rules: Rules) -> Result<Double, Rejection> {
        let digits = text.filter { $0.isNumber }
        guard !digits.isEmpty else { return .failure(.empty) }
        guard let value = Double(text), value.isFinite else { return .failure(.notANumber) }
        if value < rules.allowedRange.lowerBound { return .failure(.belowMinimum(rules.allowedRange.lowerBound)) }
        if value > rules.allowedRange.upperBound { return .failure(.aboveMaximum(rules.allowedRange.upperBound)) }
        return .success(value)
    }
}
