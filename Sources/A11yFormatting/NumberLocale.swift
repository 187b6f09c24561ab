import A11yModel
import A11yVocabulary

/// How numbers are written in a locale: the decimal and grouping separators and where a currency
/// symbol goes. Read by hand from LC_ALL / LC_NUMERIC / LANG (`NumberLocale.current`, in the
/// session layer, reads the environment) with a small built-in table, because Foundation's
/// locale machinery is large and slow to load at start-up.
public struct NumberLocale: Sendable, Equatable {
    /// The locale name as found in the environment, e.g. "de_DE.UTF-8" ("C" when unset).
    public var identifier: String
    /// "." or ",".
    public var decimalSeparator: String
    /// "," "." "\u{202F}" "\u{00A0}" "’" or "" (none).
    public var groupingSeparator: String
    /// True when a currency symbol is written before the number ("€12.50"), false after ("12,50 €").
    public var currencySymbolFirst: Bool

    /// A locale given field by field, for conventions the built-in table of `init(named:)` does not
    /// know.
    public init(identifier: String, decimalSeparator: String, groupingSeparator: String, currencySymbolFirst: Bool) {
        self.identifier = identifier
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.currencySymbolFirst = currencySymbolFirst
    }

    /// POSIX: "." and no grouping.
    public static let posix = NumberLocale(identifier: "C", decimalSeparator: ".", groupingSeparator: "", currencySymbolFirst: true)

    /// The locale named by `environment` (LC_ALL, then LC_NUMERIC, then LANG).
    public init(environment: [String: String]) {
        let name = ["LC_ALL", "LC_NUMERIC", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        self.init(named: name)
    }

    /// The locale for a locale name such as "fr_FR.UTF-8", "de_CH", "en" or "C", or a language tag
    /// such as "pt-BR" (what `--language` takes). Unknown languages get POSIX separators.
    public init(named name: String) {
        let base = name.split(separator: ".").first.map(String.init) ?? name
        let stripped = base.split(separator: "@").first.map(String.init) ?? base
        let parts = stripped.split { $0 == "_" || $0 == "-" }
        let language = parts.first.map { $0.lowercased() } ?? ""
        let region = parts.count > 1 ? parts[1].uppercased() : ""
        let nbsp = "\u{00A0}", narrow = "\u{202F}"
        var dec = ".", group = "", first = true
        switch language {
        case "en", "ja", "zh", "ko", "th", "he", "ga", "cy", "hi":
            dec = "."; group = ","; first = true
        case "de" where region == "CH" || region == "LI":
            dec = "."; group = "’"; first = true
        case "it" where region == "CH":
            dec = "."; group = "’"; first = true
        case "de", "es", "it", "nl", "da", "id", "tr", "el", "ro", "hr", "sl", "sr", "ca":
            dec = ","; group = "."; first = language == "nl"
        case "pt":
            dec = ","; group = region == "BR" ? "." : nbsp; first = region == "BR"
        case "fr":
            dec = region == "CH" ? "." : ","; group = narrow; first = false
        case "ru", "uk", "be", "kk", "pl", "cs", "sk", "hu", "bg", "fi", "sv", "nb", "nn", "no", "et", "lv", "lt":
            dec = ","; group = nbsp; first = false
        default:
            dec = "."; group = ""; first = true
        }
        // A language tag's identifier is written as a locale name ("pt-BR" is "pt_BR").
        self.init(identifier: name.replacingHyphens(), decimalSeparator: dec, groupingSeparator: group, currencySymbolFirst: first)
    }

    /// `digits` with grouping separators every three digits (numbers of four digits or more).
    func grouped(_ integerDigits: String) -> String {
        guard !groupingSeparator.isEmpty, integerDigits.count > 3 else { return integerDigits }
        var out = ""
        let chars = Array(integerDigits)
        for (i, c) in chars.enumerated() {
            if i > 0 && (chars.count - i) % 3 == 0 { out += groupingSeparator }
            out.append(c)
        }
        return out
    }
}

extension String {
    /// "pt_BR" from "pt-BR".
    fileprivate func replacingHyphens() -> String {
        String(map { $0 == "-" ? "_" : $0 })
    }
}
