#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yVocabulary
import Synchronization

/// Reads the process environment (the devices' addresses come from it).
package enum Environment {
    /// The whole environment, as `NAME=value` pairs (the first of duplicates wins).
    ///
    /// Made again only when the environment changed since the last call (see
    /// `EnvironmentSnapshot`): a11y-demo reads it several times at its start, and making the
    /// dictionary at each read would be on the way to its first braille frame.
    package static var all: [String: String] { process.values(of: environ) }

    private static let process = EnvironmentSnapshot()

    /// The value of `name`, or nil when it is unset.
    package static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}

/// The values of an environment (an array of `NAME=value` C strings ending with NULL, as
/// `environ`), made again only when its entries changed since the last call: `setenv`,
/// `unsetenv`, `putenv`, or a string given to `putenv` changed in place. The bytes the values
/// were made from are kept and compared, which costs far less than making the values again.
/// Split at the first `=` byte, not Character: grapheme breaking a whole environment is slow.
package final class EnvironmentSnapshot: Sendable {
    private let kept = Mutex<(bytes: [UInt8], values: [String: String])?>(nil)
    /// How many times the values were made (not taken as kept).
    package let made = Atomic(0)

    package init() {}

    package func values(of entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        kept.withLock { kept in
            if let kept, Self.entries(entries, are: kept.bytes) { return kept.values }
            var bytes: [UInt8] = []
            var values: [String: String] = [:]
            var entry = entries
            while let pointer = entry.pointee {
                let pair = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
                bytes.append(contentsOf: pair)
                bytes.append(0)
                if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                    let name = String(decoding: pair[..<equals], as: UTF8.self)
                    if values[name] == nil { values[name] = String(decoding: pair[(equals + 1)...], as: UTF8.self) }
                }
                entry += 1
            }
            kept = (bytes, values)
            made.add(1, ordering: .relaxed)
            return values
        }
    }

    /// True when `entries` are `bytes` (each entry followed by a 0 byte).
    private static func entries(_ entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, are bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { kept in
            var offset = 0
            var entry = entries
            while let pointer = entry.pointee {
                let length = strlen(pointer)
                guard offset + length < kept.count, kept[offset + length] == 0,
                      memcmp(kept.baseAddress! + offset, pointer, length) == 0 else { return false }
                offset += length + 1
                entry += 1
            }
            return offset == kept.count
        }
    }
}
