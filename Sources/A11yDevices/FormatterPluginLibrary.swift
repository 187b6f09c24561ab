#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yVocabulary

/// Why a formatter plugin could not be loaded. `description` is one line naming the file.
package struct FormatterPluginError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// No file at the path.
        case missing
        /// dlopen failed (not a shared library, wrong architecture, missing dependency…): the loader's message.
        case cannotOpen(String)
        /// The library does not export `a11y_formatter_plugin_v1`.
        case notAPlugin
        /// The entry point returned NULL or a table without a `format` function.
        case invalidTable
        /// The table's `abi_version` is not the one this host speaks.
        case wrongABIVersion(found: UInt32, expected: UInt32)
    }

    package var path: String
    package var reason: Reason

    package var description: String {
        switch reason {
        case .missing: return "Formatter plugin '\(path)' not found"
        case .cannotOpen(let message): return "Formatter plugin '\(path)' cannot be loaded: \(message)"
        case .notAPlugin: return "'\(path)' is not a formatter plugin: it does not export \(FormatterPluginLibrary.entryPoint)"
        case .invalidTable: return "Formatter plugin '\(path)' returned an invalid table"
        case .wrongABIVersion(let found, let expected):
            return "Formatter plugin '\(path)' has ABI version \(found); this program needs version \(expected)"
        }
    }
}

/// A formatter plugin's shared library, opened through the C ABI in
/// `include/a11y_formatter_plugin.h`.
///
/// The library stays loaded while this object lives. Its texts are untrusted bytes: the session's
/// `PluginFormatter` adapts it to the formatting layer behind a `SanitizingFormatter`.
package final class FormatterPluginLibrary: @unchecked Sendable {
    // @unchecked Sendable: the handle and the function pointer never change after init, and the
    // ABI requires `format` to be reentrant.

    /// The ABI version this host speaks (`A11Y_FORMATTER_ABI_VERSION`).
    package static let abiVersion: UInt32 = 1
    /// The exported symbol (`A11Y_FORMATTER_PLUGIN_SYMBOL`).
    package static let entryPoint = "a11y_formatter_plugin_v1"
    /// Texts longer than this many bytes are refused (the sanitizer caps them shorter anyway).
    static let maximumTextBytes = 4096

    private typealias EntryPoint = @convention(c) () -> UnsafeRawPointer?
    private typealias FormatFunction = @convention(c) (Double, Int32, UnsafeRawPointer?, UnsafeMutablePointer<CChar>?, Int) -> Int32

    package let path: String
    package let name: String
    package let fractionDigits: Int?
    private let handle: UnsafeMutableRawPointer
    private let format: FormatFunction

    /// Opens the plugin at `path` and checks its ABI version.
    package init(path: String) throws(FormatterPluginError) {
        self.path = path
        if path.contains("/") && access(path, F_OK) != 0 {
            throw FormatterPluginError(path: path, reason: .missing)
        }
        // dlopen would wait for ever for a writer on a FIFO: only a regular file is opened.
        let kind = FileKind(path: path)
        if path.contains("/") && kind != .regular {
            throw FormatterPluginError(path: path, reason: .cannotOpen("it is \(kind.words), not a shared library"))
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown error"
            throw FormatterPluginError(path: path, reason: path.contains("/") ? .cannotOpen(TextSanitizer.sanitize(Array(message.utf8)).text) : .missing)
        }
        guard let symbol = dlsym(handle, FormatterPluginLibrary.entryPoint) else {
            dlclose(handle)
            throw FormatterPluginError(path: path, reason: .notAPlugin)
        }
        let entry = unsafeBitCast(symbol, to: EntryPoint.self)
        guard let table = entry() else {
            dlclose(handle)
            throw FormatterPluginError(path: path, reason: .invalidTable)
        }
        // Layout from the header: u32 abi_version @0, i32 fraction_digits @4, name @8, format @8+ptr.
        let version = table.load(fromByteOffset: 0, as: UInt32.self)
        guard version == FormatterPluginLibrary.abiVersion else {
            dlclose(handle)
            throw FormatterPluginError(path: path, reason: .wrongABIVersion(found: version, expected: FormatterPluginLibrary.abiVersion))
        }
        let digits = table.load(fromByteOffset: 4, as: Int32.self)
        let namePointer = table.load(fromByteOffset: 8, as: UnsafePointer<UInt8>?.self)
        guard let formatPointer = table.load(fromByteOffset: 8 + MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer?.self) else {
            dlclose(handle)
            throw FormatterPluginError(path: path, reason: .invalidTable)
        }
        self.handle = handle
        self.format = unsafeBitCast(formatPointer, to: FormatFunction.self)
        self.fractionDigits = (0...9).contains(digits) ? Int(digits) : nil
        if let namePointer {
            let length = min(strnlen(UnsafeRawPointer(namePointer).assumingMemoryBound(to: CChar.self), 256), 256)
            let text = TextSanitizer.sanitize(UnsafeBufferPointer(start: namePointer, count: length)).text
            self.name = text.isEmpty ? path : text
        } else {
            self.name = path
        }
    }

    deinit {
        dlclose(handle)
    }

    /// The bytes the plugin writes for `value` (`kind`: A11Y_TEXT_VISUAL, _SPOKEN or _BRAILLE),
    /// or nil when it has none or failed.
    package func rawText(kind: Int32, for value: Double, minimum: Double, maximum: Double, fractionDigits: Int,
                        localeIdentifier: String) -> [UInt8]? {
        localeIdentifier.withCString { locale -> [UInt8]? in
            // a11y_format_context: double minimum @0, double maximum @8, i32 digits @16, i32 reserved @20, locale @24.
            let contextBytes = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 8)
            defer { contextBytes.deallocate() }
            contextBytes.storeBytes(of: minimum, toByteOffset: 0, as: Double.self)
            contextBytes.storeBytes(of: maximum, toByteOffset: 8, as: Double.self)
            contextBytes.storeBytes(of: Int32(clamping: fractionDigits), toByteOffset: 16, as: Int32.self)
            contextBytes.storeBytes(of: 0, toByteOffset: 20, as: Int32.self)
            contextBytes.storeBytes(of: UnsafeRawPointer(locale), toByteOffset: 24, as: UnsafeRawPointer.self)
            var capacity = 256
            while true {
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
                defer { buffer.deallocate() }
                buffer.initialize(repeating: 0, count: capacity)
                let n = Int(format(value, kind, UnsafeRawPointer(contextBytes), buffer, capacity))
                if n < 0 { return nil }
                if n < capacity {
                    // Trust neither the NUL nor the length: stop at whichever comes first.
                    let length = min(n, strnlen(buffer, capacity))
                    return UnsafeRawBufferPointer(start: buffer, count: length).map { $0 }
                }
                if n >= FormatterPluginLibrary.maximumTextBytes || capacity >= FormatterPluginLibrary.maximumTextBytes { return nil }
                capacity = n + 1
            }
        }
    }
}
