#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The BrlAPI tty path of the terminal a program runs on: which "window" BRLTTY gives the display
/// to this program for. BRLTTY shows the program's cells only while that window has its focus,
/// so switching to another console gives the display back to BRLTTY, and coming back restores it.
///
/// - In an X terminal (`WINDOWPATH` set, as X sessions set it): the X server's virtual terminals
///   from `WINDOWPATH`, then the terminal's window from `WINDOWID` when set.
/// - On a Linux console: its virtual terminal, `CONTROLVT` when set, else the number of the
///   controlling tty when it is a virtual console (/dev/ttyN).
/// - Neither (a pseudo-terminal with nothing known, as in tmux over ssh): the empty path, which
///   makes the program BRLTTY's root client, shown whatever is focused.
package enum BrailleTTYPath {
    /// The path from the environment and the controlling tty's device number. Pure.
    ///
    /// - Parameters:
    ///   - windowPath: `WINDOWPATH` ("7" or "1:7").
    ///   - windowID: `WINDOWID` (decimal, or hexadecimal with 0x).
    ///   - controlVT: `CONTROLVT` ("3").
    ///   - controllingTTY: the `tty_nr` of /proc/self/stat (major 4, minor 1...63 is /dev/ttyN).
    package static func path(windowPath: String?, windowID: String?, controlVT: String?, controllingTTY: Int?) -> [Int] {
        if let windowPath, !windowPath.isEmpty {
            let terminals = windowPath.split(separator: ":").compactMap { Int($0) }.filter { $0 >= 0 }
            if !terminals.isEmpty {
                return terminals + (windowID.flatMap(number).map { [$0] } ?? [])
            }
        }
        if let vt = controlVT.flatMap({ Int($0) }), vt > 0 { return [vt] }
        if let tty = controllingTTY {
            let major = (tty >> 8) & 0xFFF
            let minor = (tty & 0xFF) | ((tty >> 12) & 0xFFF00)
            if major == 4, (1...63).contains(minor) { return [minor] }
        }
        return []
    }

    /// The path of this process: its environment and /proc/self/stat.
    package static func current() -> [Int] {
        path(windowPath: Environment.value("WINDOWPATH"), windowID: Environment.value("WINDOWID"),
             controlVT: Environment.value("CONTROLVT"), controllingTTY: controllingTTYNumber())
    }

    /// A window id: decimal, or hexadecimal with 0x.
    private static func number(_ text: String) -> Int? {
        let lower = text.lowercased()
        if lower.hasPrefix("0x") { return Int(lower.dropFirst(2), radix: 16) }
        return Int(lower)
    }

    /// Field 7 of /proc/self/stat (tty_nr), read after the command name's closing parenthesis.
    static func controllingTTYNumber() -> Int? {
        guard let file = fopen("/proc/self/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        // After ")": state, ppid, pgrp, session, tty_nr.
        return fields.count > 4 ? Int(fields[4]) : nil
    }
}
