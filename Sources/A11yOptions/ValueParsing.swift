import A11yControls
/// Turns option values (text) into typed values, or a `CLIError.invalidValue` naming the option.
///
/// Numbers: an optional sign, decimal digits with an optional "." fraction, an optional exponent
/// (`-5`, `+2`, `0.25`, `.5`, `5.`, `1e3`, `2.5E-2`). Refused: empty text, spaces, `nan`, `inf`,
/// hexadecimal (`0x10`), digit separators (`1_000`, `1,000`), a decimal comma (`0,5`, with a hint),
/// and anything too large for a Double (`1e400`: "not a finite number").
enum ValueParsing {
    static func number(_ text: String, option: String) throws(CLIError) -> Double {
        guard isDecimalNumber(text) else {
            let lowered = text.lowercased()
            let word = lowered.hasPrefix("-") || lowered.hasPrefix("+") ? String(lowered.dropFirst()) : lowered
            if ["nan", "inf", "infinity", "snan"].contains(word) {
                throw .invalidValue(option: option, value: text, reason: .notFinite)
            }
            if text.contains(","), isDecimalNumber(text.replacingCommas()) {
                throw .invalidValue(option: option, value: text, reason: .decimalComma)
            }
            throw .invalidValue(option: option, value: text, reason: .notANumber)
        }
        guard let value = Double(text), value.isFinite else {
            throw .invalidValue(option: option, value: text, reason: .notFinite)
        }
        return value
    }

    /// A number > 0.
    static func positiveNumber(_ text: String, option: String) throws(CLIError) -> Double {
        let value = try number(text, option: option)
        guard value > 0 else { throw .invalidValue(option: option, value: text, reason: .notPositive) }
        return value
    }

    /// A time limit in seconds: a finite number > 0 and at most a day (`--timeout`).
    static func timeout(_ text: String, option: String) throws(CLIError) -> Duration {
        let seconds = try positiveNumber(text, option: option)
        guard seconds <= 86_400 else { throw .invalidValue(option: option, value: text, reason: .tooLarge(maximum: "86400")) }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// A number >= 0.
    static func nonNegativeNumber(_ text: String, option: String) throws(CLIError) -> Double {
        let value = try number(text, option: option)
        guard value >= 0 else { throw .invalidValue(option: option, value: text, reason: .negative) }
        return value
    }

    /// A whole number in `bounds`: an optional sign and decimal digits.
    static func integer(_ text: String, option: String, in bounds: ClosedRange<Int>) throws(CLIError) -> Int {
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !body.isEmpty, body.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            if isDecimalNumber(text) {
                throw .invalidValue(option: option, value: text, reason: .notWholeNumber)
            }
            _ = try number(text, option: option)  // throws the more precise reason
            throw .invalidValue(option: option, value: text, reason: .notWholeNumber)
        }
        guard let value = Int(text), bounds.contains(value) else {
            throw .invalidValue(option: option, value: text, reason: .outOfRange(lower: bounds.lowerBound, upper: bounds.upperBound))
        }
        return value
    }

    /// One of `choices` (exact, lowercase words).
    static func choice<T>(_ text: String, option: String, _ choices: [(String, T)]) throws(CLIError) -> T {
        guard let match = choices.first(where: { $0.0 == text }) else {
            throw .invalidValue(option: option, value: text, reason: .notAChoice(choices.map { $0.0 }))
        }
        return match.1
    }

    /// A name to speak and braille: at most `TextSanitizer.maximumLength` characters, no control
    /// characters (they would reach the terminal, the SSIP stream and the display).
    static func label(_ text: String, option: String) throws(CLIError) -> String {
        guard !CLIText.hasControlCharacters(text) else {
            throw .invalidValue(option: option, value: text, reason: .controlCharacters)
        }
        guard text.count <= TextSanitizer.maximumLength else {
            throw .invalidValue(option: option, value: text, reason: .tooLong(maximum: TextSanitizer.maximumLength))
        }
        return text
    }

    /// SGR parameters: 1 to 32 digits and semicolons, starting with a digit.
    static func sgr(_ text: String, option: String) throws(CLIError) -> String {
        guard (1...32).contains(text.utf8.count), text.utf8.first.map({ $0 >= 48 && $0 <= 57 }) ?? false,
              text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ";") }) else {
            throw .invalidValue(option: option, value: text, reason: .notSGR)
        }
        return text
    }

    /// Exactly one character that is not a control character or a combining mark alone.
    static func glyph(_ text: String, option: String) throws(CLIError) -> Character {
        guard text.count == 1, let character = text.first, !CLIText.hasControlCharacters(text),
              let first = character.unicodeScalars.first, !first.properties.isGraphemeExtend else {
            throw .invalidValue(option: option, value: text, reason: .notOneCharacter)
        }
        return character
    }

    /// A language tag: 2 to 8 letters, then parts of 1 to 8 letters or digits after "-" or "_".
    static func language(_ text: String, option: String) throws(CLIError) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        func ascii(_ s: Substring, letters: Bool) -> Bool {
            s.utf8.allSatisfy { c in
                (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (!letters && c >= 48 && c <= 57)
            }
        }
        guard text.utf8.count <= 35, let first = parts.first, (2...8).contains(first.count), ascii(first, letters: true),
              parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && ascii($0, letters: false) }) else {
            throw .invalidValue(option: option, value: text, reason: .notALanguageTag)
        }
        return text
    }

    /// A path: not empty, no control characters.
    static func path(_ text: String, option: String) throws(CLIError) -> String {
        guard !text.isEmpty else { throw .invalidValue(option: option, value: text, reason: .empty) }
        guard !CLIText.hasControlCharacters(text) else {
            throw .invalidValue(option: option, value: text, reason: .controlCharacters)
        }
        return text
    }

    /// `[+-]? (digits ("." digits?)? | "." digits) ([eE] [+-]? digits)?`, ASCII only.
    static func isDecimalNumber(_ text: String) -> Bool {
        let b = Array(text.utf8)
        var i = 0
        func isDigit(_ k: Int) -> Bool { k < b.count && b[k] >= 48 && b[k] <= 57 }
        if i < b.count && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) { i += 1 }
        var mantissaDigits = 0
        while isDigit(i) { i += 1; mantissaDigits += 1 }
        if i < b.count && b[i] == UInt8(ascii: ".") {
            i += 1
            while isDigit(i) { i += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return false }
        if i < b.count && (b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E")) {
            i += 1
            if i < b.count && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) { i += 1 }
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        return i == b.count
    }
}

extension String {
    fileprivate func replacingCommas() -> String {
        String(map { $0 == "," ? "." : $0 })
    }
}

/// A number as messages and results write it: plain digits, no exponent for ordinary sizes.
enum NumberWriting {
    /// "10", "0.25", "-3"; the shortest text that reads back as `value`.
    static func plain(_ value: Double) -> String {
        if let digits = DecimalDigits.fractionDigitsNeeded(by: value, limit: 12), Swift.abs(value) < 1e15 {
            return DecimalDigits(value, fractionDigits: digits).plainText
        }
        return value.description
    }
}
