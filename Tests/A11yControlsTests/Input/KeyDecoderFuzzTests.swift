import Testing
@testable import A11yControls
import A11yInputChecks
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

/// The mouse's part of the grammar: SGR reports (valid, mangled, cut, out of range) and cursor
/// position answers, mixed with keys and split anywhere.
@Suite("KeyDecoder fuzz: mouse reports (seeded)")
struct KeyDecoderPointerFuzzTests {
    @Test("50,000 mouse inputs keep the decoder's invariants, with and without cursor answers awaited")
    func pointerInput() {
        var generator = KeyDecoderFuzzGenerator(seed: 0x5EED_0003)
        var failures = 0
        var reports = 0
        for index in 0..<50_000 {
            let (bytes, splits) = generator.pointerInput()
            let awaited = index % 3
            if let failure = KeyDecoderInvariants.check(bytes, splits: splits, awaitedCursorPositions: awaited) {
                failures += 1
                if failures <= 5 { Issue.record("\(failure)") }
            }
            var decoder = KeyDecoder()
            reports += (decoder.decode(bytes) + decoder.flushDetailed().map(\.input)).filter { if case .pointer = $0 { true } else { false } }.count
        }
        #expect(failures == 0)
        // The inputs are mostly reports: the decoder does see them.
        #expect(reports > 50_000)
    }

    @Test("30,000 random inputs keep the invariants while cursor answers are awaited")
    func anyInputAwaitingCursorAnswers() {
        var generator = KeyDecoderFuzzGenerator(seed: 0x5EED_0004)
        var failures = 0
        for index in 0..<30_000 {
            let (bytes, splits) = generator.anyInput()
            if let failure = KeyDecoderInvariants.check(bytes, splits: splits, awaitedCursorPositions: 1 + index % 3) {
                failures += 1
                if failures <= 5 { Issue.record("\(failure)") }
            }
        }
        #expect(failures == 0)
    }

    @Test("every report decodes to its event: whole, split at every byte, a byte a read, between keys")
    func reportsRoundTrip() {
        var generator = KeyDecoderFuzzGenerator(seed: 0x5EED_0005)
        for _ in 0..<3_000 {
            let event = generator.pointerEvent()
            let bytes = Array(event.report.utf8)
            func decode(_ pieces: [ArraySlice<UInt8>]) -> [DecodedInput] {
                var decoder = KeyDecoder()
                var inputs: [DecodedInput] = []
                for piece in pieces { inputs += decoder.decode(piece) }
                return inputs + decoder.flushDetailed().map(\.input)
            }
            #expect(decode([bytes[...]]) == [.pointer(event)], "\(event.report.debugDescription)")
            for cut in 1..<bytes.count {
                #expect(decode([bytes[..<cut], bytes[cut...]]) == [.pointer(event)], "\(event.report.debugDescription) split at \(cut)")
            }
            #expect(decode(bytes.indices.map { bytes[$0...$0] }) == [.pointer(event)])
            let between = Array("x".utf8) + bytes + Array("\u{1B}[C".utf8)
            #expect(decode([between[...]]) == [.key(KeyEvent(.character("x"))), .pointer(event), .key(KeyEvent(.right))])
        }
    }

    @Test("20,000 invalid reports are no mouse report that changes a value, whole or split")
    func invalidReports() {
        var generator = KeyDecoderFuzzGenerator(seed: 0x5EED_0006)
        var failures = 0
        for _ in 0..<20_000 {
            let bytes = generator.invalidPointerReport()
            let splits = [generator.below(bytes.count + 1), generator.below(bytes.count + 1)]
            if let failure = KeyDecoderFuzzGenerator.checkGarbage(bytes, splits: splits) {
                failures += 1
                if failures <= 5 { Issue.record("\(failure)") }
            }
            var decoder = KeyDecoder()
            let inputs = decoder.decode(bytes) + decoder.flushDetailed().map(\.input)
            for case .pointer(let event) in inputs {
                failures += 1
                if failures <= 5 { Issue.record("\(bytes) decoded to \(event)") }
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

    @Test("mouse reports that can change a value are recognised")
    func pointerChangesValue() {
        #expect(KeyDecoderInvariants.changesValue(PointerEvent(.left, .press, column: 1, row: 1)))
        #expect(KeyDecoderInvariants.changesValue(PointerEvent(.left, .drag, column: 1, row: 1)))
        #expect(KeyDecoderInvariants.changesValue(PointerEvent(.wheelUp, .press, column: 1, row: 1)))
        #expect(KeyDecoderInvariants.changesValue(PointerEvent(.wheelDown, .press, column: 1, row: 1, modifiers: .control)))
        #expect(!KeyDecoderInvariants.changesValue(PointerEvent(.left, .release, column: 1, row: 1)))
        #expect(!KeyDecoderInvariants.changesValue(PointerEvent(.right, .press, column: 1, row: 1)))
        #expect(!KeyDecoderInvariants.changesValue(PointerEvent(.noButton, .drag, column: 1, row: 1)))
        #expect(!KeyDecoderInvariants.changesValue(PointerEvent(.other(6), .press, column: 1, row: 1)))
    }

    @Test("well-formed mouse reports and cursor answers")
    func wellFormedPointer() {
        #expect(KeyDecoderInvariants.isWellFormedPointerReport(Array("\u{1B}[<0;1;1M".utf8)))
        #expect(KeyDecoderInvariants.isWellFormedPointerReport(Array("\u{1B}[<255;10000;10000m".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormedPointerReport(Array("\u{1B}[<256;1;1M".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormedPointerReport(Array("\u{1B}[<0;0;1M".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormedPointerReport(Array("\u{1B}[<0;1;10001M".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormedPointerReport(Array("\u{1B}[<0;1M".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormedPointerReport(Array("\u{1B}[<0;1;1;1M".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormedPointerReport(Array("\u{1B}[<0;;1M".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormedPointerReport(Array("\u{1B}\u{1B}[<0;1;1M".utf8)))
        #expect(KeyDecoderInvariants.isWellFormedCursorPosition(Array("\u{1B}[7;1R".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormedCursorPosition(Array("\u{1B}[0;1R".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormedCursorPosition(Array("\u{1B}[7R".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormedCursorPosition(Array("\u{1B}[?7;1R".utf8)))
    }

    @Test("well-formed spans")
    func wellFormed() {
        #expect(KeyDecoderInvariants.isWellFormed(Array("\u{1B}[1;5A".utf8)))
        #expect(KeyDecoderInvariants.isWellFormed(Array("\u{1B}\u{1B}OA".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormed(Array("\u{1B}[1\u{18}A".utf8)))
        #expect(!KeyDecoderInvariants.isWellFormed(Array("\u{1B}x".utf8)))
    }
}
