import A11yModel
import A11yVocabulary
/// SplitMix64: a tiny, fast, seedable random number generator, so that a fuzz run or a property
/// test that fails can be replayed from its seed. Used by the key decoder's fuzz generator and by
/// the tests.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package private(set) var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
