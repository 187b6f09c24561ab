import CBrl
import Glibc

extension BrailleDisplay {
    /// True when the connection's socket has room for a frame now: a write (which BRLTTY does
    /// not answer) then returns without waiting, even for a BRLTTY that stopped.
    public var takesAWriteAtOnce: Bool {
        var room = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&room, 1, 0) == 1 && room.revents == Int16(POLLOUT)
    }

    /// Asks BRLTTY a question that needs an answer (its protocol version) and waits for it.
    ///
    /// BrlAPI does not answer writes: a BRLTTY that stopped (SIGSTOP, a stuck driver) takes
    /// them into its socket until that fills, so only a question shows that it no longer
    /// answers. This call blocks while BRLTTY does not answer: make it on a thread that may wait
    /// (a session's braille writer does, after each burst of frames).
    public func ping() throws(BrailleError) {
        try withHandle("brlapi__getParameter") { handle throws(BrailleError) in
            var version: UInt32 = 0
            // Flags 1: BRLAPI_PARAMF_GLOBAL (a macro Swift does not import).
            guard a11y_brlapi__getParameter(handle, BRLAPI_PARAM_SERVER_VERSION, 0, 1, &version, MemoryLayout<UInt32>.size) >= 0 else {
                throw BrailleError.current("brlapi__getParameter")
            }
        }
    }
}
