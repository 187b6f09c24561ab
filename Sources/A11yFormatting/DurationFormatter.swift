import A11yModel
import A11yVocabulary
/// A number of seconds as a clock duration: "1:05" (m:ss) or "1:02:05" (h:mm:ss), spoken
/// "1 minute 5 seconds". Rounded to whole seconds. Spec `duration`.
public struct DurationFormatter: ValueFormatter {
    /// The formatter of spec `duration`.
    public init() {}

    /// Always 0: a duration is shown in whole seconds.
    public var fractionDigits: Int? { 0 }

    private func parts(_ value: Double) -> (negative: Bool, h: Int, m: Int, s: Int) {
        let d = DecimalDigits(value, fractionDigits: 0)
        let total = Int(d.integerDigits.suffix(15)) ?? 0
        return (d.isNegative, total / 3600, (total / 60) % 60, total % 60)
    }

    private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// The duration as a clock: m:ss under an hour ("1:05", "0:09"), h:mm:ss from an hour on
    /// ("1:02:05", "100:00:00"), with "-" before a negative one. The braille text is the same.
    public func visualText(for value: Double, in context: FormatContext) -> String {
        let p = parts(value)
        let sign = p.negative ? "-" : ""
        return p.h > 0 ? "\(sign)\(p.h):\(two(p.m)):\(two(p.s))" : "\(sign)\(p.m):\(two(p.s))"
    }

    /// The hours, minutes and seconds that are not zero, in words: "1 hour 2 minutes 5 seconds",
    /// "1 minute", "minus 30 seconds"; zero is "0 seconds".
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        let p = parts(value)
        func unit(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var words: [String] = []
        if p.h > 0 { words.append(unit(p.h, "hour")) }
        if p.m > 0 { words.append(unit(p.m, "minute")) }
        if p.s > 0 || words.isEmpty { words.append(unit(p.s, "second")) }
        return (p.negative ? "minus " : "") + words.joined(separator: " ")
    }
}
