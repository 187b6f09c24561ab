import Glibc
import CSystem

/// A pipe whose two ends are closed on exec from the moment they exist (`pipe2` with
/// `O_CLOEXEC`): a program that embeds the controls may start other programs from another
/// thread at any time, and a child that inherited a write end would keep the reader from ever
/// seeing the end of input (a key stream that never ends, a wake-up pipe held open by a daemon).
package enum Pipe {
    /// The read and write ends, non-blocking unless `blocking`; nil when the pipe cannot be made.
    package static func make(blocking: Bool = false) -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        let flags = O_CLOEXEC | (blocking ? 0 : O_NONBLOCK)
        var result: Int32
        repeat { result = pipe2(&fds, flags) } while result == -1 && errno == EINTR
        return result == 0 ? (fds[0], fds[1]) : nil
    }
}
