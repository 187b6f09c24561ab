#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CSystem

/// Where the files installed beside the program are: the directories the message catalogs are
/// looked for in. Found from the file the running code was loaded from (a11y-demo in
/// <prefix>/bin, or liba11y-controls.so in <prefix>/lib or <prefix>/lib/<multiarch>, loaded by a
/// C or Python program), so an installation anywhere (/usr, /usr/local, $HOME/.local, a DESTDIR
/// moved into place) finds its own catalogs; then the system's. Run from a SwiftPM build
/// directory (`.build/<triple>/debug/a11y-demo`), it finds the catalogs `make locale` compiled into
/// that build directory (`.build/locale`) first.
package enum InstallationDirectories {
    /// The directory of the program or shared library this code is part of (symbolic links
    /// resolved), or nil when it cannot be told.
    package static var codeDirectory: String? {
        var path: String?
        if let name = a11y_object_path(#dsohandle).map({ String(cString: $0) }), name.contains("/") {
            // For the main program, glibc gives argv[0] (possibly relative, or only a name found
            // in PATH): /proc/self/exe tells where it really is.
            path = name == CommandLine.arguments.first ? nil : name
        }
        let file = path ?? "/proc/self/exe"
        guard let resolved = realpath(file, nil) else { return nil }
        defer { free(resolved) }
        let full = String(cString: resolved)
        guard let slash = full.lastIndex(of: "/") else { return nil }
        return slash == full.startIndex ? "/" : String(full[..<slash])
    }

    /// The `share/locale` directories to look for catalogs in, in order: in a build directory
    /// its `locale` (`<dir>/../../locale` where `<dir>` is a SwiftPM configuration directory,
    /// which holds `description.json`), the installation's own (`<dir>/../share/locale` for bin/
    /// and lib/, `<dir>/../../share/locale` for lib/<multiarch>), then /usr/local/share/locale
    /// and /usr/share/locale; each once.
    package static func localeDirectories(codeDirectory: String? = InstallationDirectories.codeDirectory) -> [String] {
        var directories: [String] = []
        if let code = codeDirectory {
            let parent = Self.parent(of: code)
            let grandparent = Self.parent(of: parent)
            if !grandparent.isEmpty, access(code + "/description.json", F_OK) == 0 { directories.append(grandparent + "/locale") }
            directories.append(parent + "/share/locale")
            if !grandparent.isEmpty { directories.append(grandparent + "/share/locale") }
        }
        directories += ["/usr/local/share/locale", "/usr/share/locale"]
        var seen = Set<String>()
        return directories.map { $0.hasPrefix("//") ? String($0.dropFirst()) : $0 }.filter { seen.insert($0).inserted }
    }

    private static func parent(of directory: String) -> String {
        guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { return "" }
        return String(directory[..<slash])
    }
}
