import A11yDevices
import A11yFormatting

/// A formatter loaded from a shared library at run time: the library (`FormatterPluginLibrary`,
/// in Devices) seen as a `RawTextFormatter` of the formatting layer. Its texts are untrusted
/// bytes: use it through `SanitizingFormatter`, as `loadFormatter(path:)` does.
package struct PluginFormatter: RawTextFormatter {
    /// The ABI version this host speaks (`A11Y_FORMATTER_ABI_VERSION`).
    package static let abiVersion = FormatterPluginLibrary.abiVersion
    /// The exported symbol (`A11Y_FORMATTER_PLUGIN_SYMBOL`).
    package static let entryPoint = FormatterPluginLibrary.entryPoint

    package let library: FormatterPluginLibrary

    package var path: String { library.path }
    package var name: String { library.name }
    package var fractionDigits: Int? { library.fractionDigits }

    /// Opens the plugin at `path` and checks its ABI version.
    package static func load(path: String) throws(FormatterPluginError) -> PluginFormatter {
        PluginFormatter(library: try FormatterPluginLibrary(path: path))
    }

    /// Opens the plugin at `path`, wrapped so every text it returns is sanitized.
    package static func loadFormatter(path: String) throws -> any ValueFormatter {
        SanitizingFormatter(try load(path: path))
    }

    package func rawText(_ kind: TextKind, for value: Double, in context: FormatContext) -> [UInt8]? {
        library.rawText(kind: kind.rawValue, for: value, minimum: context.minimum, maximum: context.maximum,
                        fractionDigits: context.fractionDigits, localeIdentifier: context.locale.identifier)
    }
}

extension FormatterSpec {
    /// The formatter for this spec. A `.plugin(path:)` spec loads its shared library through the
    /// C ABI, and every text it returns is sanitized; it throws when the library is missing,
    /// cannot be opened, is not a formatter plugin or speaks another ABI version.
    public func makeFormatter() throws -> any ValueFormatter {
        try makeFormatter(loadPlugin: PluginFormatter.loadFormatter(path:))
    }
}
