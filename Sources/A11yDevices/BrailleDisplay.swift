import CBrl
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yVocabulary

/// A connection to a braille display through BrlAPI (BRLTTY's API server).
///
/// Each instance owns its own BrlAPI handle, so several connections can exist in one process.
/// To show something, enter tty mode first (`enterTTY()`), then `write(text:orMask:cursor:)` or
/// `write(dots:cursor:)`. Keys arrive on `fileDescriptor`: poll it, then call `readKey(wait: false)`.
///
/// ```swift
/// try BrailleDisplay.withConnection { display in
///     try display.enterTTY()
///     try display.write(text: "Volume 50", cursor: 7)
/// }
/// ```
///
/// Every call goes through libbrlapi's public functions (the `brlapi__*` handle API): libbrlapi
/// holds the whole conversation with BRLTTY on its socket, and this program only polls the
/// connection's descriptor, as BrlAPI documents, to know when to read a key.
///
/// Calls are serialized by an internal lock, so an instance can be shared between threads (two
/// libbrlapi calls on one handle from two threads can interleave their packets: a write and a
/// request); `readKey(wait: true)` holds that lock while it waits.
package final class BrailleDisplay: @unchecked Sendable {
    // @unchecked Sendable: the handle is only used inside `state.withLock`, which also makes
    // close() safe against concurrent calls. The other stored properties are immutable.
    private let state: Mutex<Handle?>
    /// BrlAPI may hold keys in its own buffer (see `readKey`): it keeps the keys that come while
    /// it waits for the answer to a request (tty mode, keys, parameters), and only a key read
    /// takes them from there.
    let keysMayBeBuffered = Atomic(true)

    /// The BrlAPI handle: memory of brlapi_getHandleSize() bytes, owned by this connection.
    private struct Handle: @unchecked Sendable {
        // @unchecked Sendable: only touched under `state`'s lock.
        let pointer: OpaquePointer
    }

    /// The connection's file descriptor: readable when a key (or a server message) is waiting.
    package let fileDescriptor: Int32

    /// The server's address, as BrlAPI resolved it (for example "127.0.0.1:1").
    package let host: String

    /// The authorization this connection was opened with (nil: BrlAPI read `BRLAPI_AUTH`), for
    /// the question connection.
    private let auth: String?

    /// The second connection to the same BRLTTY that `ping()` asks on, opened at the first ping:
    /// never in tty mode and watching nothing, so BRLTTY writes to it only in answer to its
    /// questions (see `ping()`).
    private let questions = Mutex<QuestionConnection>(.notOpened)

    private enum QuestionConnection {
        case notOpened
        case open(Handle)
        case closed
    }

    /// Told by BrlAPI when a watched parameter changes (`watchPreferences()`). BrlAPI's callbacks
    /// point to it until the handle is closed, which happens before it goes.
    let preferenceWatch = PreferenceWatch()

    /// A display's size in cells.
    package struct Size: Sendable, Equatable, CustomStringConvertible {
        /// Cells per line.
        package var width: Int
        /// Lines.
        package var height: Int

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        package var description: String { "\(width)x\(height)" }
    }

    /// Connects to BrlAPI.
    ///
    /// - Parameters:
    ///   - host: The server, such as "127.0.0.1:1" (TCP port 4101+1) or ":1"; nil reads
    ///     `BRLAPI_HOST`, then BrlAPI's default (":0").
    ///   - auth: The authorization, such as "none" or a key file; nil reads `BRLAPI_AUTH`.
    ///   - connectTimeout: When set, how long to wait for the server's answer. BrlAPI itself
    ///     waits forever for a server that accepts and never answers; with a timeout the attempt
    ///     runs on another thread and is abandoned (and cleaned up when it ends) after the time.
    ///     While an abandoned attempt is still stuck, new attempts fail at once.
    /// - Throws: `BrailleError` with BrlAPI's message when the server cannot be reached.
    package init(host: String? = nil, auth: String? = nil, connectTimeout: Duration? = nil) throws(BrailleError) {
        let opened: Opened
        if let connectTimeout {
            opened = try Self.open(host: host, auth: auth, timeout: connectTimeout)
        } else {
            opened = try Self.openNow(host: host, auth: auth).get()
        }
        guard BrailleCrashRelease.remember(opened.descriptor) else {
            a11y_brlapi__closeConnection(opened.handle)
            UnsafeMutableRawPointer(opened.handle).deallocate()
            throw BrailleError(function: "brlapi__openConnection", message: "the program is crashing")
        }
        BrailleExceptions.install(on: opened.handle)
        self.host = opened.host
        self.auth = auth
        self.fileDescriptor = opened.descriptor
        self.state = Mutex(Handle(pointer: opened.handle))
    }

    deinit {
        close()
    }

    /// Connects, runs `body`, then closes the connection, even when `body` throws.
    package static func withConnection<Result>(
        host: String? = nil, auth: String? = nil, _ body: (BrailleDisplay) throws -> Result
    ) throws -> Result {
        let display = try BrailleDisplay(host: host, auth: auth)
        defer { display.close() }
        return try body(display)
    }

    /// Closes the connection (which also leaves tty mode) and its question connection. Closing
    /// twice is harmless.
    package func close() {
        state.withLock { handle in
            guard let open = handle?.pointer else { return }
            BrailleCrashRelease.forget(fileDescriptor)
            Self.release(open)
            handle = nil
        }
        questions.withLock { questions in
            if case .open(let handle) = questions { Self.release(handle.pointer) }
            questions = .closed
        }
    }

    /// Closes a handle's connection and frees the handle.
    private static func release(_ handle: OpaquePointer) {
        a11y_brlapi__closeConnection(handle)
        _ = BrailleExceptions.take(for: handle)
        UnsafeMutableRawPointer(handle).deallocate()
    }

    /// The display's size. It is 0x0 while BRLTTY has no display (the `vr` driver before a
    /// display connects). BrlAPI keeps the first size it got until tty mode is left: after that
    /// this does not reach BRLTTY, so it does not tell whether BRLTTY still answers (`ping` does).
    package func size() throws(BrailleError) -> Size {
        try withHandle("brlapi__getDisplaySize", mayLeaveKeys: false, Self.size(of:))
    }

    /// The size BrlAPI holds for `handle` (called with the handle's lock held).
    private static func size(of handle: OpaquePointer) throws(BrailleError) -> Size {
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard a11y_brlapi__getDisplaySize(handle, &width, &height) == 0 else {
            throw BrailleError.current("brlapi__getDisplaySize")
        }
        return Size(width: Int(width), height: Int(height))
    }

    /// Takes the display for this program (BrlAPI tty mode), with keys as BRLTTY commands.
    ///
    /// The window is the terminal this program runs on (`BrailleTTYPath.current()`: its
    /// console, or its X window), or none when nothing is known. When BRLTTY refuses that path,
    /// the display is taken without one.
    package func enterTTY() throws(BrailleError) {
        try enterTTY(path: BrailleTTYPath.current())
    }

    /// Takes the display (see `enterTTY()`) with exactly the keys of `set` taken from BRLTTY
    /// (see `acceptKeys(_:)`), so no key pressed meanwhile goes to the wrong side. False when
    /// BRLTTY refused the set: every key comes to the program then.
    @discardableResult
    package func enterTTY(taking set: BrailleKeySet) throws(BrailleError) -> Bool {
        try enterTTY(path: BrailleTTYPath.current(), taking: set, watchingPreferences: false).keysTaken
    }

    /// Takes the display (see `enterTTY()`) with exactly the keys of `set` taken from BRLTTY
    /// (nil: every key) and, when `watchingPreferences`, asks to be told of the preferences'
    /// changes (see `watchPreferences()`): the requests after tty mode go in one write, with one
    /// wait for all their answers. `keysTaken` is false when BRLTTY refused the set (every key
    /// comes to the program then), `watching` false when it cannot watch the preferences.
    package func enterTTY(taking set: BrailleKeySet?, watchingPreferences: Bool) throws(BrailleError) -> (keysTaken: Bool, watching: Bool) {
        try enterTTY(path: BrailleTTYPath.current(), taking: set, watchingPreferences: watchingPreferences)
    }

    /// Takes the display for the window `path` (BrlAPI tty mode); see `enterTTY()`.
    package func enterTTY(path: [Int]) throws(BrailleError) {
        try enterTTY(path: path, taking: nil, watchingPreferences: false)
    }

    /// Takes the display for the window `path`; see `enterTTY(taking:watchingPreferences:)`.
    @discardableResult
    func enterTTY(path: [Int], taking set: BrailleKeySet?, watchingPreferences: Bool) throws(BrailleError) -> (keysTaken: Bool, watching: Bool) {
        try withHandle("brlapi__enterTtyMode") { handle throws(BrailleError) -> (keysTaken: Bool, watching: Bool) in
            if path.isEmpty || path.map(Int32.init).withUnsafeBufferPointer({
                a11y_brlapi__enterTtyModeWithPath(handle, $0.baseAddress, Int32($0.count), nil)
            }) < 0 {
                guard a11y_brlapi__enterTtyModeWithPath(handle, nil, 0, nil) >= 0 else {
                    throw BrailleError.current("brlapi__enterTtyModeWithPath")
                }
            }
            // The keys stated explicitly, the set or every key: BRLTTY 6.5 crashes (SIGSEGV in
            // inKeyrangeList) now and then on the first key after a client enters tty mode
            // with the default ranges.
            var keysTaken = true
            do throws(BrailleError) {
                try take(set, on: handle)
            } catch {
                if let exception = BrailleExceptions.take(for: handle) { throw exception }
                guard a11y_brlapi__acceptKeys(handle, brlapi_rangeType_all, nil, 0) >= 0 else {
                    throw BrailleError.current("brlapi__acceptKeys")
                }
                keysTaken = set == nil
            }
            let watching = watchingPreferences ? try watch(on: handle) : false
            return (keysTaken, watching)
        }
    }

    /// Gives the display back to BRLTTY.
    package func leaveTTY() throws(BrailleError) {
        try withHandle("brlapi__leaveTtyMode") { handle throws(BrailleError) in
            guard a11y_brlapi__leaveTtyMode(handle) >= 0 else { throw BrailleError.current("brlapi__leaveTtyMode") }
        }
    }

    /// Shows a line of text from the first cell, translated by BRLTTY's text table.
    ///
    /// - Parameters:
    ///   - text: The text; it is cut at the display's width, and the rest of the line is cleared.
    ///   - orMask: Dots (BrlAPI bits: dot 1 = 0x01 ... dot 8 = 0x80) added on top of each cell,
    ///     from the first cell; may be longer than `text` (the text is padded with blanks).
    ///   - andMask: Dots kept of every cell's text (0x3F: dots 1 to 6 only, for a reader of
    ///     6-dot braille); applied before `orMask`.
    ///   - cursor: The cell (from 0) where BRLTTY shows its cursor (dots 7 and 8), or nil for none.
    ///
    /// Does nothing while the display has no cells (BRLTTY waiting for a display).
    package func write(text: String, orMask: [UInt8] = [], andMask: UInt8 = 0xFF, cursor: Int? = nil) throws(BrailleError) {
        try withHandle("brlapi__write", mayLeaveKeys: false) { handle throws(BrailleError) in
            // The region is always the whole display, so text and mask lengths are known exactly.
            let count = try Self.size(of: handle).width
            guard count > 0 else { return }  // no display attached: nothing can be shown
            try Self.write(Self.prepareWrite(text: text, orMask: orMask, andMask: andMask, cursor: cursor, width: count), on: handle)
        }
    }

    /// A write worked out ahead of time (`prepareWrite`), to hand to `write(_:)` later: the
    /// line of exactly the display's width, its masks and cursor, as `brlapi__write` takes them.
    package struct PreparedWrite: Sendable {
        /// The display's width it was made for.
        package let width: Int
        /// The text dots it keeps of each cell.
        package let andMask: UInt8
        fileprivate let cells: BrlAPIText
        fileprivate let andCells: [UInt8]?
        fileprivate let cursor: Int32
    }

    /// The write of `text` (as `write(text:orMask:andMask:cursor:)`) to a display `width` cells
    /// wide, worked out ahead of time (a key's forecast frame, made ready while the program
    /// waits): `write(_:)` then only hands it to `brlapi__write`. Nil when `width` is 0.
    package static func prepareWrite(text: String, orMask: [UInt8] = [], andMask: UInt8 = 0xFF, cursor: Int? = nil,
                                    width: Int) -> PreparedWrite? {
        guard width > 0 else { return nil }
        return PreparedWrite(width: width, andMask: andMask, cells: BrlAPIText(text: text, orMask: orMask, width: width),
                             andCells: andMask == 0xFF ? nil : [UInt8](repeating: andMask, count: width),
                             cursor: cursorCell(cursor, width: width))
    }

    /// Hands a write made ready by `prepareWrite` to BrlAPI. Throws when the display is no
    /// longer the width it was made for (nothing is written: the text would be cut or padded
    /// wrongly).
    package func write(_ prepared: PreparedWrite) throws(BrailleError) {
        try withHandle("brlapi__write", mayLeaveKeys: false) { handle throws(BrailleError) in
            let width = try Self.size(of: handle).width
            guard width == prepared.width else {
                throw BrailleError(function: "brlapi__write", message: "the display is \(width) cells wide, the write was made for \(prepared.width)")
            }
            try Self.write(prepared, on: handle)
        }
    }

    /// `brlapi__write` of `prepared` to the whole display: the text with no charset when it is
    /// ASCII (BrlAPI then takes it as the server's 8-bit charset), else named UTF-8 (see
    /// `BrlAPIText`). BrlAPI answers no write: this does not wait for BRLTTY, unless its socket
    /// is full (`takesAWriteAtOnce`).
    private static func write(_ prepared: PreparedWrite?, on handle: OpaquePointer) throws(BrailleError) {
        guard let prepared else { return }
        var arguments = a11y_brlapi_writeArguments()
        arguments.regionBegin = 1
        arguments.regionSize = Int32(prepared.width)
        arguments.cursor = prepared.cursor
        let cells = prepared.cells
        let hasOrMask = cells.orMask.contains { $0 != 0 }
        let result = cells.text.withCString { text in
            cells.orMask.withUnsafeBufferPointer { orMask in
                (prepared.andCells ?? []).withUnsafeBufferPointer { andMask in
                    arguments.text = text
                    arguments.textSize = -1
                    arguments.orMask = hasOrMask ? orMask.baseAddress : nil
                    arguments.andMask = prepared.andCells == nil ? nil : andMask.baseAddress
                    guard let charset = cells.charset else { return a11y_brlapi__write(handle, &arguments) }
                    return charset.withCString { charset in
                        arguments.charset = charset
                        return a11y_brlapi__write(handle, &arguments)
                    }
                }
            }
        }
        guard result >= 0 else { throw BrailleError.current("brlapi__write") }
    }

    /// BrlAPI's cursor argument: the cell from 1, or BRLAPI_CURSOR_OFF when `cursor` is nil or
    /// off the display.
    private static func cursorCell(_ cursor: Int?, width: Int) -> Int32 {
        cursor.map { (0..<width).contains($0) ? Int32($0) + 1 : Int32(BRLAPI_CURSOR_OFF) } ?? Int32(BRLAPI_CURSOR_OFF)
    }

    /// Shows raw dot patterns, one byte per cell from the first cell (dot 1 = 0x01 ... dot 8 =
    /// 0x80), bypassing the text table; the rest of the line is cleared.
    package func write(dots: [UInt8], cursor: Int? = nil) throws(BrailleError) {
        // Blank cells with the dots on top: a blank has no dots in any text table.
        try write(text: "", orMask: dots, cursor: cursor)
    }

    /// Reads one key, if any.
    ///
    /// - Parameter wait: When false (the default), returns nil at once if no key is waiting;
    ///   when true, blocks until a key arrives (holding the connection's lock meanwhile).
    ///
    /// Keys are read with `brlapi__readKey`. A read "without waiting" with nothing to read makes
    /// libbrlapi poll its socket until its clock has moved on by a millisecond (in 6.5 and 6.9
    /// alike), so it is asked only when something can be there: the descriptor is readable, or a
    /// call that waited for an answer ran since the last read (libbrlapi keeps the keys that
    /// came meanwhile in its own buffer). What libbrlapi reads on the way that is not a key (a
    /// preference update) goes to its parameter callbacks, and the read returns no key: the
    /// descriptor is looked at again.
    package func readKey(wait: Bool = false) throws(BrailleError) -> BrailleKey? {
        if wait {
            return try withHandle("brlapi__readKey") { handle throws(BrailleError) -> BrailleKey? in
                var code: brlapi_keyCode_t = 0
                while true {
                    switch a11y_brlapi__readKey(handle, 1, &code) {
                    case 1: return BrailleKey(keyCode: code)
                    case 0: continue
                    default:
                        // A packet that is not a key (a preference update, handed to the watch)
                        // ends a waiting read with EINTR: wait again.
                        let error = a11y_brlapi_error_location()?.pointee
                        if error?.brlerrno == BRLAPI_ERROR_LIBCERR, error?.libcerrno == EINTR { continue }
                        throw BrailleError.current("brlapi__readKey")
                    }
                }
            }
        }
        while true {
            let buffered = keysMayBeBuffered.load(ordering: .relaxed)
            if !buffered {
                var input = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&input, 1, 0) == 1 else { return nil }
            }
            let code = try withHandle("brlapi__readKey", mayLeaveKeys: false) { handle throws(BrailleError) -> brlapi_keyCode_t? in
                var code: brlapi_keyCode_t = 0
                switch a11y_brlapi__readKey(handle, 0, &code) {
                case 1: return code
                case 0: return nil
                default: throw BrailleError.current("brlapi__readKey")
                }
            }
            if let code { return BrailleKey(keyCode: code) }
            // No key: BrlAPI's buffer is empty now (it returns its buffered keys first).
            if buffered { keysMayBeBuffered.store(false, ordering: .relaxed) }
        }
    }

    /// True when the connection's socket has room for a frame now: a write (which BRLTTY does
    /// not answer) then returns without waiting, even for a BRLTTY that stopped. It polls the
    /// descriptor for room, and reads or writes nothing.
    package var takesAWriteAtOnce: Bool {
        var room = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&room, 1, 0) == 1 && room.revents == Int16(POLLOUT)
    }

    /// Asks BRLTTY a question that needs an answer (its protocol version, `brlapi__getParameter`)
    /// and waits for it, on a second connection to the same BRLTTY (opened at the first ping,
    /// closed with this one), not on this one.
    ///
    /// BrlAPI does not answer writes: a BRLTTY that stopped (SIGSTOP, a stuck driver) takes
    /// them into its socket until that fills, so only a question shows that it no longer
    /// answers. This call blocks while BRLTTY does not answer: make it on a thread that may wait
    /// (a session's braille writer does, after each burst of frames).
    ///
    /// Why another connection: BRLTTY (6.5 to 6.9.1 at least) writes each packet as two sends, a
    /// header and a body, from two threads that do not take turns on a connection: its core
    /// thread sends keys, its server thread sends answers. An answer sent between a key's header
    /// and body (or a key between an answer's header and body) puts the connection out of step:
    /// libbrlapi then reads bytes of one packet as another's header and waits for ever for an
    /// answer it has already taken apart, or takes a key for part of the answer. The question
    /// connection gets no keys (it never takes the display) and no parameter updates (it
    /// watches nothing), so BRLTTY's server thread is the only one that writes to it; and
    /// BRLTTY answers it from the same server thread as this connection, so it tells as well
    /// whether BRLTTY still answers.
    package func ping() throws(BrailleError) {
        guard state.withLock({ $0 != nil }) else {
            throw BrailleError(function: "brlapi__getParameter", message: "the connection is closed")
        }
        try questions.withLock { questions throws(BrailleError) in
            let handle: OpaquePointer
            switch questions {
            case .closed:
                throw BrailleError(function: "brlapi__getParameter", message: "the connection is closed")
            case .open(let open):
                handle = open.pointer
            case .notOpened:
                let opened = try Self.openNow(host: host, auth: auth).get()
                BrailleExceptions.install(on: opened.handle)
                handle = opened.handle
                questions = .open(Handle(pointer: handle))
            }
            do throws(BrailleError) {
                try Self.askVersion(on: handle)
                if let exception = BrailleExceptions.take(for: handle) { throw exception }
            } catch {
                // BRLTTY went away (or refused): the next ping connects again.
                var failure = BrailleExceptions.take(for: handle) ?? error
                failure.function = "brlapi__getParameter"
                Self.release(handle)
                questions = .notOpened
                throw failure
            }
        }
    }

    /// Asks BRLTTY the same question as `ping()` on this connection itself (where keys and
    /// answers can come out of step, see `ping()`): for tests of what libbrlapi does with keys
    /// that come while it waits for an answer, and with parameter updates it reads on the way.
    func askOnThisConnection() throws(BrailleError) {
        try withHandle("brlapi__getParameter") { handle throws(BrailleError) in try Self.askVersion(on: handle) }
    }

    /// `brlapi__getParameter` of BRLTTY's protocol version on `handle`.
    private static func askVersion(on handle: OpaquePointer) throws(BrailleError) {
        var version: UInt32 = 0
        guard a11y_brlapi__getParameter(handle, BRLAPI_PARAM_SERVER_VERSION, 0, brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL),
                                        &version, MemoryLayout<UInt32>.size) >= 0 else {
            throw BrailleError.current("brlapi__getParameter")
        }
    }

    /// Runs `body` with the open handle, then throws any exception the server sent meanwhile.
    ///
    /// `mayLeaveKeys`: the call may wait for a packet other than a key, and BrlAPI then keeps
    /// the keys that come meanwhile in its own buffer (see `readKey`). False for a write (BrlAPI
    /// reads nothing), a key read (it returns the key it reads) and the size (BrlAPI's own copy
    /// while the display is taken).
    func withHandle<Result>(
        _ function: String, mayLeaveKeys: Bool = true, _ body: (OpaquePointer) throws(BrailleError) -> Result
    ) throws(BrailleError) -> Result {
        if mayLeaveKeys { keysMayBeBuffered.store(true, ordering: .relaxed) }
        return try state.withLock { handle throws(BrailleError) -> Result in
            guard let open = handle?.pointer else {
                throw BrailleError(function: function, message: "the connection is closed")
            }
            /// The exception BRLTTY sent, if any: it says more than the error of the call that
            /// read it (libbrlapi closes the connection after an exception: "end of file").
            func exception() -> BrailleError? {
                BrailleExceptions.take(for: open).map { exception in
                    var exception = exception
                    exception.function = function
                    return exception
                }
            }
            if let exception = exception() { throw exception }
            let result: Result
            do throws(BrailleError) {
                result = try body(open)
            } catch {
                throw exception() ?? error
            }
            if let exception = exception() { throw exception }
            return result
        }
    }
}
