#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Tells whether a screen reader reads this terminal, for `--screen-reader auto`: a terminal
/// screen reader would read the control's redraws, so the control must not speak over it.
///
/// What it can see: Fenrir's daemon socket, speakup's sysfs folder (the kernel's console screen
/// reader), and ACCESSIBLE=1 set by the user. What it cannot: Orca reading a graphical terminal,
/// tdsr, or a screen reader on another machine (ssh): those users set ACCESSIBLE=1 or pass
/// `--screen-reader on`. Each place is overridable by environment, for tests.
public enum ScreenReaderDetection {
    /// Fenrir's remote-control socket (Fenrir's own spelling). Override: A11Y_FENRIR_SOCKET.
    public static let fenrirSocket = "/tmp/fenrirscreenreader-deamon.sock"
    /// Present when the speakup module is loaded. Override: A11Y_SPEAKUP_PATH.
    public static let speakupPath = "/sys/accessibility/speakup"

    /// The screen reader found ("Fenrir", "speakup", "ACCESSIBLE=1"), nil when none.
    public static func detect(environment: [String: String]) -> String? {
        if let value = environment["ACCESSIBLE"], value == "1" || value.lowercased() == "yes" || value.lowercased() == "true" {
            return "ACCESSIBLE=\(value)"
        }
        if isSocket(environment["A11Y_FENRIR_SOCKET"] ?? fenrirSocket) { return "Fenrir" }
        if exists(environment["A11Y_SPEAKUP_PATH"] ?? speakupPath) { return "speakup" }
        return nil
    }

    private static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return !path.isEmpty && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    private static func exists(_ path: String) -> Bool {
        !path.isEmpty && access(path, F_OK) == 0
    }
}
