import CBrl
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yVocabulary

// The user's BRLTTY preferences (cell size, literary braille and its table), read and watched
// through BrlAPI's parameters.
extension BrailleDisplay {
    /// The user's preferences as BRLTTY has them now (its global values, which its preferences
    /// menu sets). A parameter BRLTTY does not answer (a server older than BrlAPI 0.8) keeps its
    /// default and is named in `unanswered`.
    package func preferences() throws(BrailleError) -> (preferences: BraillePreferences, unanswered: [String]) {
        try withHandle("brlapi__getParameter") { handle throws(BrailleError) in
            var preferences = BraillePreferences()
            var unanswered: [String] = []
            for (parameter, name) in BraillePreferences.parameters {
                var length = 0
                let value = a11y_brlapi__getParameterAlloc(handle, parameter, 0, brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL), &length)
                defer { free(value) }
                if !preferences.take(parameter, UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : length)) {
                    unanswered.append(name)
                }
            }
            return (preferences, unanswered)
        }
    }

    /// The preferences as BRLTTY last reported them to the watch (`watchPreferences()`), once it
    /// reported all four; else read (`preferences()`). A change is reported while keys are read,
    /// so after `preferencesChanged()` this holds the new values without asking BRLTTY again.
    package func currentPreferences() throws(BrailleError) -> (preferences: BraillePreferences, unanswered: [String]) {
        if let watchedPreferences { return (watchedPreferences, []) }
        return try preferences()
    }

    /// The preferences BRLTTY reported to the watch, once it reported all four (nil before,
    /// and when BRLTTY cannot watch them).
    package var watchedPreferences: BraillePreferences? { preferenceWatch.preferences }

    /// Asks BRLTTY to tell this connection when the preferences change (`brlapi__watchParameter`
    /// for each, one round trip each). BRLTTY answers each with the parameter's value
    /// (`currentPreferences()` then needs no round trip). A change makes `fileDescriptor`
    /// readable; libbrlapi hands it to the watch when it reads it (in the next `readKey`, or
    /// while it waits for another answer), and `preferencesChanged()` then returns true once.
    /// False when BRLTTY cannot watch them all.
    ///
    /// The display's size has a watch of its own (`watchDisplaySize()`), which a session asks for
    /// once its first frame is out (not a round trip more before it).
    @discardableResult
    package func watchPreferences() throws(BrailleError) -> Bool {
        try withHandle("brlapi__watchParameter") { handle throws(BrailleError) -> Bool in try watch(on: handle) }
    }

    /// `watchPreferences()` on an open handle. A parameter already watched is not asked again.
    func watch(on handle: OpaquePointer) throws(BrailleError) -> Bool {
        let watch = Unmanaged.passUnretained(preferenceWatch).toOpaque()
        var all = true
        for (parameter, _) in BraillePreferences.parameters where !preferenceWatch.isWatching(parameter) {
            // BrlAPI calls this on the thread that reads the packet: at once with the value,
            // then at each update, holding its callbacks' lock.
            let watched = a11y_brlapi__watchParameter(handle, parameter, 0, brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL), { parameter, _, _, watch, value, length in
                guard let watch else { return }
                Unmanaged<PreferenceWatch>.fromOpaque(watch).takeUnretainedValue()
                    .takeReported(parameter, UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : length))
            }, watch, nil, 0)
            if watched == nil {
                if let exception = BrailleExceptions.take(for: handle) { throw exception }
                // BRLTTY refused it (a server older than BrlAPI 0.8); the connection goes on.
                let error = a11y_brlapi_error_location()?.pointee.brlerrno
                if error == BRLAPI_ERROR_EOF || error == BRLAPI_ERROR_LIBCERR { throw BrailleError.current("brlapi__watchParameter") }
                all = false
            } else {
                preferenceWatch.watching(parameter)
            }
        }
        return all
    }

    /// True once after BRLTTY reported a change of a watched parameter.
    package func preferencesChanged() -> Bool {
        preferenceWatch.changed.exchange(false, ordering: .relaxed)
    }

    /// Asks BRLTTY to tell this connection the display's size whenever it sets it
    /// (`brlapi__watchParameter` of `BRLAPI_PARAM_DISPLAY_SIZE`, one round trip; BRLTTY answers
    /// with the size now). `reportedWidth` then holds the width it last reported. False when
    /// BRLTTY cannot watch it (a server older than BrlAPI 0.8).
    ///
    /// The connection itself keeps the size it read when it took the display (libbrlapi reads
    /// it once, until tty mode is left): when one display is unplugged and one of another
    /// width plugged in while BRLTTY stays up, BRLTTY 6.5 and 6.7 refuse the next write of the
    /// old width (`BrailleError.refusedFrameSize`), but BRLTTY 6.9 takes it and shows its first
    /// cells; only this report tells the client there. BRLTTY also reports the same size again
    /// now and then (6.5 while frames are written): only a width other than the connection's is
    /// news.
    @discardableResult
    package func watchDisplaySize() throws(BrailleError) -> Bool {
        try withHandle("brlapi__watchParameter") { handle throws(BrailleError) -> Bool in
            guard !preferenceWatch.isWatching(BRLAPI_PARAM_DISPLAY_SIZE) else { return true }
            let watch = Unmanaged.passUnretained(preferenceWatch).toOpaque()
            // Called as the preferences' callback is (see `watch(on:)`): at once, then at each report.
            let watched = a11y_brlapi__watchParameter(handle, BRLAPI_PARAM_DISPLAY_SIZE, 0, brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL), { _, _, _, watch, value, length in
                guard let watch else { return }
                Unmanaged<PreferenceWatch>.fromOpaque(watch).takeUnretainedValue()
                    .takeReportedSize(UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : length))
            }, watch, nil, 0)
            guard watched != nil else {
                if let exception = BrailleExceptions.take(for: handle) { throw exception }
                let error = a11y_brlapi_error_location()?.pointee.brlerrno
                if error == BRLAPI_ERROR_EOF || error == BRLAPI_ERROR_LIBCERR { throw BrailleError.current("brlapi__watchParameter") }
                return false
            }
            preferenceWatch.watching(BRLAPI_PARAM_DISPLAY_SIZE)
            return true
        }
    }

    /// The display's width in cells as BRLTTY last reported it to `watchDisplaySize()` (nil:
    /// not watched, or no report yet; 0: BRLTTY has no display). BrlAPI hands the reports over
    /// while this connection reads (a key read, an answer waited for).
    package var reportedWidth: Int? {
        let width = preferenceWatch.reportedWidth.load(ordering: .relaxed)
        return width < 0 ? nil : width
    }
}

/// The values BRLTTY reported to the watch (as it answered, then in its updates, handed over by
/// libbrlapi on whichever thread read them), and whether one changed since
/// `preferencesChanged()` last looked.
final class PreferenceWatch: Sendable {
    let changed = Atomic(false)
    /// The display's width BRLTTY last reported (-1: none), apart from `changed`: BRLTTY reports
    /// the same size again and again, and only the reader compares it with its own.
    let reportedWidth = Atomic(-1)
    private let reported = Mutex((preferences: BraillePreferences(), parameters: Set<brlapi_param_t>(), watched: Set<brlapi_param_t>()))

    /// The preferences BRLTTY reported, once it reported all of their parameters.
    var preferences: BraillePreferences? {
        reported.withLock { $0.parameters.count == BraillePreferences.parameters.count ? $0.preferences : nil }
    }

    /// Whether BrlAPI already watches `parameter` for this connection.
    func isWatching(_ parameter: brlapi_param_t) -> Bool { reported.withLock { $0.watched.contains(parameter) } }

    /// BrlAPI watches `parameter` for this connection.
    func watching(_ parameter: brlapi_param_t) { _ = reported.withLock { $0.watched.insert(parameter) } }

    /// Takes a value BRLTTY reported for `parameter` (here one byte or a string, as BrlAPI
    /// hands it over).
    func takeReported(_ parameter: brlapi_param_t, _ value: UnsafeRawBufferPointer) {
        reported.withLock { reported in
            if reported.preferences.take(parameter, value) { reported.parameters.insert(parameter) }
        }
        changed.store(true, ordering: .relaxed)
    }

    /// Takes a size BRLTTY reported (`BRLAPI_PARAM_DISPLAY_SIZE`: columns and rows, two 32-bit
    /// numbers in the machine's order, as BrlAPI hands them over).
    ///
    /// BRLTTY's answer to the watch is in that order, but its later reports (6.5 to 6.9.1, when
    /// it sets the size) are put in network order twice, so on a little-endian machine libbrlapi
    /// hands over the bytes reversed: 20 cells come as 0x14000000. No display has 65,536 cells
    /// or more: such a number is read with its bytes reversed.
    func takeReportedSize(_ value: UnsafeRawBufferPointer) {
        guard value.count >= MemoryLayout<UInt32>.size else { return }
        let columns = value.loadUnaligned(as: UInt32.self)
        reportedWidth.store(Int(columns <= 0xFFFF ? columns : columns.byteSwapped), ordering: .relaxed)
    }
}

extension BraillePreferences {
    /// BrlAPI's parameters of the preferences, with the names said when BRLTTY does not answer one.
    static let parameters: [(parameter: brlapi_param_t, name: String)] = [
        (BRLAPI_PARAM_DEVICE_CELL_SIZE, "DEVICE_CELL_SIZE"), (BRLAPI_PARAM_COMPUTER_BRAILLE_CELL_SIZE, "COMPUTER_BRAILLE_CELL_SIZE"),
        (BRLAPI_PARAM_LITERARY_BRAILLE, "LITERARY_BRAILLE"), (BRLAPI_PARAM_LITERARY_BRAILLE_TABLE, "LITERARY_BRAILLE_TABLE"),
    ]

    /// Sets what `parameter` says from its value as BrlAPI hands it over (read, or reported to a
    /// watch); false when the value is missing or the parameter is not one of `parameters`.
    mutating func take(_ parameter: brlapi_param_t, _ value: UnsafeRawBufferPointer) -> Bool {
        switch parameter {
        case BRLAPI_PARAM_DEVICE_CELL_SIZE:
            guard let cells = value.first else { return false }
            deviceCellSize = Int(cells)
        case BRLAPI_PARAM_COMPUTER_BRAILLE_CELL_SIZE:
            guard let cells = value.first else { return false }
            computerBrailleCellSize = Int(cells)
        case BRLAPI_PARAM_LITERARY_BRAILLE:
            guard let literary = value.first else { return false }
            literaryBraille = literary != 0
        case BRLAPI_PARAM_LITERARY_BRAILLE_TABLE:
            guard value.baseAddress != nil else { return false }
            literaryBrailleTable = String(decoding: value.prefix { $0 != 0 }, as: UTF8.self)
        default:
            return false
        }
        return true
    }
}

extension BrailleDisplay {
    /// Sets BRLTTY's global preferences as its preferences menu would (every client sees them,
    /// until BRLTTY exits): computer braille cell size, literary braille and its table. For
    /// tests and set-up tools; the display's own cell size cannot be set. An empty table leaves
    /// BRLTTY's table as it is.
    ///
    /// Only what differs from BRLTTY's values is written, and a table only while literary braille
    /// is off: BRLTTY 6.5 replaces its contraction table on the thread that answers BrlAPI, while
    /// its main thread may be contracting the screen with the old one (a heap corruption that
    /// kills BRLTTY when the same table is set again and again). So a new table is
    /// set before literary braille is turned on, and literary braille is turned off first.
    package func setGlobalPreferences(_ preferences: BraillePreferences) throws(BrailleError) {
        let now = try self.preferences().preferences
        try withHandle("brlapi__setParameter") { handle throws(BrailleError) in
            let flags = brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL)
            func set(_ parameter: brlapi_param_t, _ bytes: [UInt8]) throws(BrailleError) {
                guard bytes.withUnsafeBytes({ a11y_brlapi__setParameter(handle, parameter, 0, flags, $0.baseAddress, $0.count) }) >= 0
                else { throw BrailleError.current("brlapi__setParameter") }
            }
            if preferences.computerBrailleCellSize != now.computerBrailleCellSize {
                try set(BRLAPI_PARAM_COMPUTER_BRAILLE_CELL_SIZE, [UInt8(clamping: preferences.computerBrailleCellSize)])
            }
            let newTable = !preferences.literaryBrailleTable.isEmpty && preferences.literaryBrailleTable != now.literaryBrailleTable
            if now.literaryBraille && (newTable || !preferences.literaryBraille) {
                try set(BRLAPI_PARAM_LITERARY_BRAILLE, [0])
            }
            if newTable { try set(BRLAPI_PARAM_LITERARY_BRAILLE_TABLE, Array(preferences.literaryBrailleTable.utf8)) }
            if preferences.literaryBraille && (newTable || !now.literaryBraille) {
                try set(BRLAPI_PARAM_LITERARY_BRAILLE, [1])
            }
        }
    }
}
