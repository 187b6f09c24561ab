#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yVocabulary

/// Reads the process environment (the devices' addresses come from it).
public enum Environment {
    /// The whole environment, as `NAME=value` pairs (the first of duplicates wins).
    /// Split at the first `=` byte, not Character: an environment's worth of grapheme breaking
    /// cost about 0.2 ms of a11y-demo's start-up at each of its four reads.
    public static var all: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: pair[..<equals], as: UTF8.self)
                if result[name] == nil { result[name] = String(decoding: pair[(equals + 1)...], as: UTF8.self) }
            }
            entry += 1
        }
        return result
    }

    /// The value of `name`, or nil when it is unset.
    public static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}
