import A11yControls
/// What `a11y-demo --diagnose` prints: sections of named values in a fixed order, as plain
/// `section: key: value` lines to paste into a bug report, or as one JSON object (`--json`).
///
/// Pure: made from what the probes found (`SystemDiagnosis`), the options, the preferences file
/// and the environment. Every key is always there, in the same order; a value that cannot be
/// known says so ("unknown" in plain text, `null` in JSON).
package struct DiagnosisReport: Sendable, Equatable {
    /// One value of the report.
    package enum Value: Sendable, Equatable {
        case text(String)
        case number(Int)
        /// Plain "yes" or "no"; JSON `true` or `false`.
        case flag(Bool)
        /// Plain "40x1"; JSON `{"width":40,"height":1}`.
        case size(width: Int, height: Int)
        /// Plain: one line per item ("none" when empty); JSON: an array.
        case list([String])
        /// No value: plain the word given ("none", "unknown", "unset"); JSON `null`.
        case missing(String)
    }

    /// A key and its value.
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var value: Value

        package init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// A titled group of entries: "speech", "braille", "screen reader", … .
    package struct Section: Sendable, Equatable {
        package var name: String
        package var entries: [Entry]

        package init(_ name: String, _ entries: [Entry]) {
            self.name = name
            self.entries = entries
        }
    }

    package var sections: [Section]

    package init(sections: [Section]) { self.sections = sections }

    /// The report as plain lines, `section: key: value`, each ending with a newline.
    package var plainText: String {
        var out = ""
        for section in sections {
            for entry in section.entries {
                let start = section.name + ": " + entry.key + ": "
                switch entry.value {
                case .list(let items) where !items.isEmpty:
                    for item in items { out += start + Self.oneLine(item) + "\n" }
                default:
                    out += start + Self.plain(entry.value) + "\n"
                }
            }
        }
        return out
    }

    /// The report as one JSON object on one line (with a newline): a member per section, named
    /// as the section with "_" for spaces, holding a member per entry named the same way.
    package var json: String {
        let members = sections.map { section in
            Self.jsonString(Self.jsonName(section.name)) + ":{"
                + section.entries.map { Self.jsonString(Self.jsonName($0.key)) + ":" + Self.json($0.value) }.joined(separator: ",")
                + "}"
        }
        return "{" + members.joined(separator: ",") + "}\n"
    }

    private static func plain(_ value: Value) -> String {
        switch value {
        case .text(let text): oneLine(text)
        case .number(let number): String(number)
        case .flag(let flag): flag ? "yes" : "no"
        case .size(let width, let height): "\(width)x\(height)"
        case .list: "none"
        case .missing(let word): word
        }
    }

    private static func json(_ value: Value) -> String {
        switch value {
        case .text(let text): jsonString(text)
        case .number(let number): String(number)
        case .flag(let flag): flag ? "true" : "false"
        case .size(let width, let height): "{\"width\":\(width),\"height\":\(height)}"
        case .list(let items): "[" + items.map(jsonString).joined(separator: ",") + "]"
        case .missing: "null"
        }
    }

    /// "screen reader" -> "screen_reader", "address from" -> "address_from".
    static func jsonName(_ name: String) -> String {
        String(name.map { $0 == " " ? "_" : $0 })
    }

    /// `text` on one line: control characters and other unsafe code points (a server's message
    /// may hold a newline) become spaces.
    static func oneLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(scalar.isUnsafeInText ? " " : scalar) }
        return String(scalars)
    }

    /// A JSON string: quotes, backslashes and control characters escaped; the other unsafe code
    /// points as `\u` escapes too, so the line stays one line whatever it holds.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.isUnsafeInText:
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
