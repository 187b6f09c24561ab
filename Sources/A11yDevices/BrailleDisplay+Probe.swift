import CBrl
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yVocabulary

/// What BRLTTY says about itself and its display, for `a11y-demo --diagnose`.
package struct BrailleServerFacts: Sendable, Equatable {
    /// The server, as BrlAPI names it ("127.0.0.1:1", ":0").
    package var address: String
    /// Whether the address comes from `BRLAPI_HOST` (else it is BrlAPI's default).
    package var addressFromEnvironment: Bool
    /// Why BRLTTY cannot be reached, in BrlAPI's words; nil: it answered.
    package var problem: String?
    /// The braille driver's name and code ("Virtual", "vr"), when BRLTTY said.
    package var driverName: String?
    package var driverCode: String?
    /// The display's size; 0x0 while BRLTTY has no display.
    package var size: BrailleDisplay.Size?
    /// The user's preferences (cell sizes, literary braille and its table).
    package var preferences: BraillePreferences?
    /// The preferences BRLTTY did not answer (they keep their defaults).
    package var unanswered: [String]
    /// BRLTTY's text (computer braille) table ("en-nabcc"), when it said.
    package var textTable: String?

    package init(address: String, addressFromEnvironment: Bool, problem: String? = nil, driverName: String? = nil,
                driverCode: String? = nil, size: BrailleDisplay.Size? = nil, preferences: BraillePreferences? = nil,
                unanswered: [String] = [], textTable: String? = nil) {
        self.address = address
        self.addressFromEnvironment = addressFromEnvironment
        self.problem = problem
        self.driverName = driverName
        self.driverCode = driverCode
        self.size = size
        self.preferences = preferences
        self.unanswered = unanswered
        self.textTable = textTable
    }

    /// Whether BRLTTY answered.
    package var isReachable: Bool { problem == nil }
}

extension BrailleDisplay {
    /// Connects as a session would (without taking the display: nothing is shown, no key is
    /// taken), reads the display's size, the driver, the text table and the preferences, and
    /// closes. The connection waits at most `timeout` for BRLTTY. The questions after it have
    /// no deadline of their own (BrlAPI waits for each answer): run the probe on a thread that
    /// may be abandoned.
    package static func probe(timeout: Duration = .seconds(1)) -> BrailleServerFacts {
        let host = Environment.value("BRLAPI_HOST").flatMap { $0.isEmpty ? nil : $0 }
        var facts = BrailleServerFacts(address: host ?? ":0", addressFromEnvironment: host != nil)
        do {
            let display = try BrailleDisplay(connectTimeout: timeout)
            defer { display.close() }
            if !display.host.isEmpty { facts.address = display.host }
            facts.size = try display.size()
            facts.driverName = try display.textParameter(BRLAPI_PARAM_DRIVER_NAME)
            facts.driverCode = try display.textParameter(BRLAPI_PARAM_DRIVER_CODE)
            facts.textTable = try display.textParameter(BRLAPI_PARAM_COMPUTER_BRAILLE_TABLE)
            let (preferences, unanswered) = try display.preferences()
            facts.preferences = preferences
            facts.unanswered = unanswered
        } catch {
            facts.problem = error.message
        }
        return facts
    }

    /// A string parameter of BRLTTY's (its global value); nil when it does not answer.
    func textParameter(_ parameter: brlapi_param_t) throws(BrailleError) -> String? {
        try withHandle("brlapi__getParameter") { handle throws(BrailleError) -> String? in
            var length = 0
            guard let value = a11y_brlapi__getParameterAlloc(handle, parameter, 0, brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL), &length)
            else { return nil }
            defer { free(value) }
            let bytes = UnsafeRawBufferPointer(start: value, count: length)
            return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
