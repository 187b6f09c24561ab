import A11yModel
import A11yVocabulary
/// A formatter named by a spec string, as given to `--format SPEC`.
///
/// Grammar (N is a number of fraction digits, 0...9):
/// ```
/// decimal | decimal:N | integer | percent | percent:N | currency:CODE | currency:CODE:N
/// unit:SYMBOL | unit:SYMBOL:N | duration | names:NAME,NAME,… | none | plugin:PATH
/// NAME := shown | shown=spoken      (backslash escapes ',' '=' and '\')
/// ```
public enum FormatterSpec: Sendable, Equatable {
    /// `decimal` or `decimal:N`: a `DecimalFormatter`; nil digits follow the control's.
    case decimal(fractionDigits: Int?)
    /// `integer`: a `DecimalFormatter` with no fraction digits.
    case integer
    /// `percent` or `percent:N`: a `PercentFormatter`; nil digits follow the control's.
    case percent(fractionDigits: Int?)
    /// `currency:CODE` or `currency:CODE:N`: a `CurrencyFormatter`; nil digits are the currency's
    /// usual ones.
    case currency(code: String, fractionDigits: Int?)
    /// `unit:SYMBOL` or `unit:SYMBOL:N`: a `UnitFormatter`; nil digits follow the control's.
    case unit(symbol: String, fractionDigits: Int?)
    /// `duration`: a `DurationFormatter`.
    case duration
    /// `names:A,B,…`: a `NamesFormatter` with these names, in order.
    case names([NamesFormatter.Name])
    /// `none`: a `NoLabelsFormatter`, no value labels on screen. Where an optional spec is
    /// expected, write `FormatterSpec.none`: a bare `.none` there is `Optional.none`.
    case none
    /// `plugin:PATH`: the formatter of the shared library at `PATH`, loaded by `makeFormatter()`
    /// (its texts are sanitized).
    case plugin(path: String)

    /// The spec of the default formatter.
    public static let `default` = FormatterSpec.decimal(fractionDigits: nil)

    /// Parses `text`, throwing one line that names the problem.
    public static func parse(_ text: String) throws(FormatterSpecError) -> FormatterSpec {
        let kind: Substring, argument: Substring?
        if let colon = text.firstIndex(of: ":") {
            kind = text[..<colon]
            argument = text[text.index(after: colon)...]
        } else {
            kind = Substring(text)
            argument = nil
        }
        func digits(_ s: Substring?) throws(FormatterSpecError) -> Int? {
            guard let s else { return nil }
            guard let n = Int(s), (0...9).contains(n) else {
                throw FormatterSpecError(spec: text, message: "fraction digits must be a number from 0 to 9, got '\(s)'")
            }
            return n
        }
        func noArgument() throws(FormatterSpecError) {
            if argument != nil { throw FormatterSpecError(spec: text, message: "'\(kind)' takes no argument") }
        }
        func required(_ what: String) throws(FormatterSpecError) -> Substring {
            guard let argument, !argument.isEmpty else {
                throw FormatterSpecError(spec: text, message: "'\(kind)' needs \(what), as in '\(kind):\(FormatterSpec.example(kind))'")
            }
            return argument
        }
        /// "SYMBOL:N" splits off N only when it is all digits.
        func splitDigits(_ s: Substring) throws(FormatterSpecError) -> (Substring, Int?) {
            if let colon = s.lastIndex(of: ":"), s[s.index(after: colon)...].allSatisfy(\.isNumber),
               s.index(after: colon) < s.endIndex {
                return (s[..<colon], try digits(s[s.index(after: colon)...]))
            }
            return (s, nil)
        }
        switch kind {
        case "decimal": return .decimal(fractionDigits: try digits(argument))
        case "integer": try noArgument(); return .integer
        case "percent": return .percent(fractionDigits: try digits(argument))
        case "currency":
            let (code, n) = try splitDigits(try required("an ISO 4217 code"))
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw FormatterSpecError(spec: text, message: "currency code must be three letters (ISO 4217), got '\(code)'")
            }
            return .currency(code: code.uppercased(), fractionDigits: n)
        case "unit":
            let (symbol, n) = try splitDigits(try required("a unit symbol"))
            guard !symbol.isEmpty, symbol.count <= 16, !symbol.containsUnsafeCodePoints else {
                throw FormatterSpecError(spec: text, message: "unit symbol must be 1 to 16 printable characters, got '\(symbol)'")
            }
            return .unit(symbol: String(symbol), fractionDigits: n)
        case "duration": try noArgument(); return .duration
        case "names":
            let names = try parseNames(try required("a list of names"), spec: text)
            return .names(names)
        case "none": try noArgument(); return .none
        case "plugin": return .plugin(path: String(try required("the path of a shared library")))
        default:
            throw FormatterSpecError(spec: text, message:
                "unknown format '\(kind)'; expected decimal, integer, percent, currency:CODE, unit:SYMBOL, duration, names:A,B,…, none or plugin:PATH")
        }
    }

    private static func example(_ kind: Substring) -> String {
        switch kind {
        case "currency": return "EUR"
        case "unit": return "°C"
        case "names": return "Mon,Tue,Wed"
        default: return "/usr/lib/a11y/plugin.so"
        }
    }

    private static func parseNames(_ s: Substring, spec: String) throws(FormatterSpecError) -> [NamesFormatter.Name] {
        var names: [NamesFormatter.Name] = []
        var shown = "", spoken: String? = nil
        var escaped = false
        func finish() throws(FormatterSpecError) {
            let v = String(shown.trimmingSpaces), sp = spoken.map { String($0.trimmingSpaces) }
            guard !v.isEmpty else { throw FormatterSpecError(spec: spec, message: "name \(names.count + 1) is empty") }
            names.append(NamesFormatter.Name(visual: v, spoken: (sp?.isEmpty ?? true) ? nil : sp))
            shown = ""; spoken = nil
        }
        for c in s {
            if escaped {
                if spoken != nil { spoken!.append(c) } else { shown.append(c) }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "," {
                try finish()
            } else if c == "=" && spoken == nil {
                spoken = ""
            } else if c.containsUnsafeCodePoints {
                throw FormatterSpecError(spec: spec, message: "names must not contain control characters")
            } else if spoken != nil {
                spoken!.append(c)
            } else {
                shown.append(c)
            }
        }
        try finish()
        return names
    }

    /// The formatter for this spec. `loadPlugin` opens a plugin (the live one is
    /// `PluginFormatter.loadFormatter(path:)`, in the session layer).
    package func makeFormatter(loadPlugin: (String) throws -> any ValueFormatter) throws -> any ValueFormatter {
        switch self {
        case .decimal(let n): return DecimalFormatter(fractionDigits: n)
        case .integer: return DecimalFormatter(fractionDigits: 0)
        case .percent(let n): return PercentFormatter(fractionDigits: n)
        case .currency(let code, let n): return CurrencyFormatter(code: code, fractionDigits: n)
        case .unit(let symbol, let n): return UnitFormatter(symbol: symbol, fractionDigits: n)
        case .duration: return DurationFormatter()
        case .names(let names): return NamesFormatter(names: names)
        case .none: return NoLabelsFormatter()
        case .plugin(let path): return try loadPlugin(path)
        }
    }
}

/// A spec string that names no formatter. `description` is one line, for stderr.
public struct FormatterSpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The spec string as given.
    public var spec: String
    /// What is wrong with it, e.g. "fraction digits must be a number from 0 to 9, got '12'".
    public var message: String
    /// One line for stderr: "Invalid format 'SPEC': MESSAGE".
    public var description: String { "Invalid format '\(spec)': \(message)" }
}
