/// A finite `Double` written as decimal digits, as people read it.
///
/// Built from Swift's shortest round-trip representation (`description`), so `0.1 + 0.2` style
/// noise never reaches a user: rounding is done on the decimal digits, half away from zero, as a
/// person would round "1.005" to two places ("1.01"). No Foundation: this runs on the start path.
public struct DecimalDigits: Sendable, Equatable, Hashable {
    /// True for values below zero (never for a value that rounds to zero).
    public var isNegative: Bool
    /// Digits before the decimal point, without leading zeros ("0" for zero).
    public var integerDigits: String
    /// Digits after the decimal point, exactly `fractionDigits` of them.
    public var fractionDigits: String

    /// `value` rounded to `fractionDigits` places (0...17). Non-finite values give "0".
    public init(_ value: Double, fractionDigits places: Int) {
        let places = max(0, min(places, 17))
        guard value.isFinite else {
            self.init(isNegative: false, integer: [0], fraction: Array(repeating: 0, count: places))
            return
        }
        var (negative, digits, pointIndex) = DecimalDigits.parse(value)
        // digits[0..<pointIndex] are integer digits (pointIndex may be <= 0 or > count).
        if pointIndex <= 0 {
            digits = Array(repeating: 0, count: -pointIndex + 1) + digits
            pointIndex = 1
        }
        if digits.count < pointIndex { digits += Array(repeating: 0, count: pointIndex - digits.count) }
        let keep = pointIndex + places
        if digits.count > keep {
            let roundUp = digits[keep] >= 5
            digits = Array(digits[0..<keep])
            if roundUp {
                var i = keep - 1
                var carry = true
                while carry && i >= 0 {
                    if digits[i] == 9 { digits[i] = 0; i -= 1 } else { digits[i] += 1; carry = false }
                }
                if carry { digits.insert(1, at: 0); pointIndex += 1 }
            }
        } else {
            digits += Array(repeating: 0, count: keep - digits.count)
        }
        var integer = Array(digits[0..<pointIndex])
        while integer.count > 1 && integer[0] == 0 { integer.removeFirst() }
        let fraction = Array(digits[pointIndex...])
        if integer == [0] && fraction.allSatisfy({ $0 == 0 }) { negative = false }
        self.init(isNegative: negative, integer: integer, fraction: fraction)
    }

    private init(isNegative: Bool, integer: [UInt8], fraction: [UInt8]) {
        self.isNegative = isNegative
        self.integerDigits = String(decoding: integer.map { $0 + 48 }, as: UTF8.self)
        self.fractionDigits = String(decoding: fraction.map { $0 + 48 }, as: UTF8.self)
    }

    /// Plain ASCII text: "-1234.50" (no grouping, "." as separator).
    public var plainText: String {
        (isNegative ? "-" : "") + integerDigits + (fractionDigits.isEmpty ? "" : "." + fractionDigits)
    }

    /// The number of fraction digits `value` needs to be written exactly (its shortest decimal form),
    /// or nil if that is more than `limit`.
    public static func fractionDigitsNeeded(by value: Double, limit: Int = 12) -> Int? {
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
        let text = Array(value.description.utf8)
        var negative = false
        var digits: [UInt8] = []
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
