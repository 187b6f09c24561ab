import Testing
@testable import A11yControls
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
@testable import A11yOptions

/// A seeded fuzz run in every `swift test`; the long run is the KeyDecoderFuzzer executable
/// (see docs/reliability.md, "Fuzzing the key decoder").
@Suite("KeyDecoder fuzz (seeded)")
struct KeyDecoderFuzzTests {
    @Test("100,000 random inputs keep the decoder's invariants")
    func anyInput() {
        var generator = KeyDecoderFuzzGenerator(seed: 0x5EED_0001)
        var failures = 0
        for _ in 0..<100_000 {
            let (bytes, splits) = generator.anyInput()
            if let failure = KeyDecoderInvariants.check(bytes, splits: splits) {
                failures += 1
                if failures <= 5 { Issue.record("\(failure)") }
            }
        }
        #expect(failures == 0)
    }

    @Test("30,000 garbage inputs give no value-changing key")
    func garbage() {
        var generator = KeyDecoderFuzzGenerator(seed: 0x5EED_0002)
        var failures = 0
        for _ in 0..<30_000 {
            let (bytes, splits) = generator.garbage()
            if let failure = KeyDecoderFuzzGenerator.checkGarbage(bytes, splits: splits) {
                failures += 1
                if failures <= 5 { Issue.record("\(failure)") }
            }
        }
        #expect(failures == 0)
    }
}

@Suite("KeyDecoder invariants catch what they should")
struct KeyDecoderInvariantSanityTests {
    @Test("value-changing keys are recognised")
    func valueChanging() {
        #expect(KeyDecoderInvariants.changesValue(KeyEvent(.up)))
        #expect(KeyDecoderInvariants.changesValue(KeyEvent(.character("5"))))
        #expect(KeyDecoderInvariants.changesValue(KeyEvent(.character("a"), .control)))
        #expect(!KeyDecoderInvariants.changesValue(KeyEvent(.up, .alt)))
        #expect(!KeyDecoderInvariants.changesValue(KeyEvent(.unknown([0x1B]))))
        #expect(!KeyDecoderInvariants.changesValue(KeyEvent(.escape)))
    }

    @Test("well-formed spans")
    func wellFormed() {
        #expect(KeyDecoderInvariants.isWellFormed(Array("\u{1B}[1;5A".utf8)))
        #expect(KeyDecoderInvariants.isWellFormed(Array("\u{1B}\u{1B}OA".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormed(Array("\u{1B}[1\u{18}A".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormed(Array("\u{1B}x".utf8)))
    }
}
