import A11yControls
import A11yInputChecks
import A11yOptions
#if canImport(Glibc)
import Glibc
#endif

/// The tests' seeded generator (SplitMix64), so a failing property test can be replayed.
typealias SeededGenerator = SplitMix64

extension SplitMix64 {
    /// The seed from A11Y_PROPERTY_SEED (decimal or 0x-hex), or a fresh random one.
    static func seedFromEnvironment() -> UInt64 {
        if let p = getenv("A11Y_PROPERTY_SEED") {
            let text = String(cString: p)
            if text.hasPrefix("0x"), let v = UInt64(text.dropFirst(2), radix: 16) { return v }
            if let v = UInt64(text) { return v }
        }
        var system = SystemRandomNumberGenerator()
        return system.next()
    }

    /// A count from `name` in the environment, or `defaultValue`.
    static func count(_ name: String, default defaultValue: Int) -> Int {
        if let p = getenv(name), let v = Int(String(cString: p)), v > 0 { return v }
        return defaultValue
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}
