import A11yDevices
import A11yFormatting

extension NumberLocale {
    /// The locale of this process's environment (LC_ALL, then LC_NUMERIC, then LANG). The
    /// formatting layer is pure; reading the environment is the devices' business.
    public static var current: NumberLocale {
        NumberLocale(environment: ["LC_ALL", "LC_NUMERIC", "LANG"].reduce(into: [:]) { found, name in
            if let value = Environment.value(name), !value.isEmpty { found[name] = value }
        })
    }
}
