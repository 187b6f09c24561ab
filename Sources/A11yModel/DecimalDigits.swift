/// A finite `Double` written as decimal digits, as people read it.
///
/// Built from Swift's shortest round-trip representation (`description`), so `0.1 + 0.2` style
/// noise never reaches a user: rounding is done on the decimal digits, half away from zero, as a
/// person would round "1.005" to two places ("1.01"). No Foundation: this runs on the start path.
package struct DecimalDigits: Sendable, Equatable, Hashable {
    /// True for values below zero (never for a value that rounds to zero).
    package var isNegative: Bool
    /// Digits before the decimal point, without leading zeros ("0" for zero).
    package var integerDigits: String
    /// Digits after the decimal point, exactly `fractionDigits` of them.
    package var fractionDigits: String

    /// `value` rounded to `fractionDigits` places (0...17). Non-finite values give "0".
    /// The digits are worked on in place in one array (this runs for every value shown).
    package init(_ value: Double, fractionDigits places: Int) {
        let places = max(0, min(places, 17))
        guard value.isFinite else {
            self.init(isNegative: false, integer: [0], fraction: Array(repeating: 0, count: places)[...])
            return
        }
        if Self.isPlainWhole(value) {
            // A whole number (the common case: steps of 1): its digits need no parsing and no heap.
            self.init(isNegative: value < 0, integerDigits: String(Int64(value.magnitude)),
                      fractionDigits: String(repeating: "0", count: places))
            return
        }
        var (negative, digits, pointIndex) = DecimalDigits.parse(value)
        // digits[0..<pointIndex] are integer digits (pointIndex may be <= 0 or > count).
        if pointIndex <= 0 {
            digits.insert(contentsOf: repeatElement(0, count: -pointIndex + 1), at: 0)
            pointIndex = 1
        }
        if digits.count < pointIndex { digits.append(contentsOf: repeatElement(0, count: pointIndex - digits.count)) }
        let keep = pointIndex + places
        if digits.count > keep {
            let roundUp = digits[keep] >= 5
            digits.removeSubrange(keep...)
            if roundUp {
                var i = keep - 1
                var carry = true
                while carry && i >= 0 {
                    if digits[i] == 9 { digits[i] = 0; i -= 1 } else { digits[i] += 1; carry = false }
                }
                if carry { digits.insert(1, at: 0); pointIndex += 1 }
            }
        } else {
            digits.append(contentsOf: repeatElement(0, count: keep - digits.count))
        }
        var firstInteger = 0
        while pointIndex - firstInteger > 1 && digits[firstInteger] == 0 { firstInteger += 1 }
        // Zero (after rounding) has no sign.
        if digits.allSatisfy({ $0 == 0 }) { negative = false }
        self.init(isNegative: negative, integer: digits[firstInteger..<pointIndex], fraction: digits[pointIndex...])
    }

    /// Whether `value` is a whole number written exactly with its integer digits (below 10^15):
    /// two different ones never share their digits at any number of places.
    static func isPlainWhole(_ value: Double) -> Bool {
        value.rounded(.towardZero) == value && value.magnitude < 1e15
    }

    private init(isNegative: Bool, integer: ArraySlice<UInt8>, fraction: ArraySlice<UInt8>) {
        self.init(isNegative: isNegative, integerDigits: Self.text(of: integer), fractionDigits: Self.text(of: fraction))
    }

    private init(isNegative: Bool, integerDigits: String, fractionDigits: String) {
        self.isNegative = isNegative
        self.integerDigits = integerDigits
        self.fractionDigits = fractionDigits
    }

    /// ASCII digits of `digits` (0...9 each); up to 15 of them need no heap.
    private static func text(of digits: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: digits.count) { buffer in
            for (offset, digit) in digits.enumerated() { buffer[offset] = digit + 48 }
            return digits.count
        }
    }

    /// Plain ASCII text: "-1234.50" (no grouping, "." as separator).
    package var plainText: String {
        (isNegative ? "-" : "") + integerDigits + (fractionDigits.isEmpty ? "" : "." + fractionDigits)
    }

    /// The number of fraction digits `value` needs to be written exactly (its shortest decimal form),
    /// or nil if that is more than `limit`.
    package static func fractionDigitsNeeded(by value: Double, limit: Int = 12) -> Int? {
        guard value.isFinite else { return nil }
        let (_, digits, pointIndex) = parse(value)
        var significant = digits
        while let last = significant.last, last == 0, significant.count > max(pointIndex, 0) { significant.removeLast() }
        let needed = max(0, significant.count - pointIndex)
        return needed <= limit ? needed : nil
    }

    /// Sign, digits and the position of the decimal point in `digits` (value = 0.d1d2… × 10^pointIndex
    /// read as "digits with the point after index pointIndex").
    static func parse(_ value: Double) -> (negative: Bool, digits: [UInt8], pointIndex: Int) {
        var description = value.description
        return description.withUTF8 { parse(text: $0) }
    }

    private static func parse(text: UnsafeBufferPointer<UInt8>) -> (negative: Bool, digits: [UInt8], pointIndex: Int) {
        var negative = false
        var digits: [UInt8] = []
        digits.reserveCapacity(text.count + 20)
        var pointIndex: Int? = nil
        var exponent = 0
        var i = 0
        if i < text.count && text[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        while i < text.count {
            let c = text[i]
            if c >= 48 && c <= 57 {
                digits.append(c - 48)
            } else if c == UInt8(ascii: ".") {
                pointIndex = digits.count
            } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                var j = i + 1
                var expNegative = false
                if j < text.count && (text[j] == UInt8(ascii: "-") || text[j] == UInt8(ascii: "+")) {
                    expNegative = text[j] == UInt8(ascii: "-"); j += 1
                }
                var e = 0
                while j < text.count { e = e * 10 + Int(text[j] - 48); j += 1 }
                exponent = expNegative ? -e : e
                break
            }
            i += 1
        }
        // Strip leading zeros, adjusting the point.
        var point = (pointIndex ?? digits.count) + exponent
        while digits.count > 1 && digits[0] == 0 { digits.removeFirst(); point -= 1 }
        if digits == [0] { point = 1; negative = false }
        return (negative, digits, point)
    }
}
