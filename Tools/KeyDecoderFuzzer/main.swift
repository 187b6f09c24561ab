// Fuzzes the key decoder.
//
// With libFuzzer (coverage-guided):
//   swift build -c release --product KeyDecoderFuzzer --scratch-path .build/fuzz \
//     -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld -Xswiftc -DLIBFUZZER
//   .build/fuzz/release/KeyDecoderFuzzer -runs=1000000 -max_len=256
// (lld is needed: with ld.gold the link fails. LIBFUZZER selects the libFuzzer driver below.)
//
// Without it (seeded random generator, any build):
//   swift run -c release KeyDecoderFuzzer [count] [seed]
//
// Every input is checked against KeyDecoderInvariants: split invariance, bounded buffering,
// no value-changing key or mouse report from a malformed span, cursor position answers only from
// well-formed ones. The seeded inputs include SGR mouse reports (valid, mangled and cut) and
// cursor position answers; some are decoded while answers are awaited. A violation aborts with
// a description.
import A11yInput
import A11yInputChecks

#if LIBFUZZER
import Glibc

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, count in
    guard let data, count > 0 else { return 0 }
    // The first byte chooses where to split the rest, so libFuzzer explores splits too, and its
    // top two bits how many cursor position answers the decoder awaits.
    let control = Int(data[0])
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
    let splits = bytes.isEmpty ? [] : [control % (bytes.count + 1), (control / 7) % (bytes.count + 1), (control * 13) % (bytes.count + 1)]
    if let failure = KeyDecoderInvariants.check(bytes, splits: splits, awaitedCursorPositions: control >> 6) {
        fatalError("key decoder invariant violated: \(failure)")
    }
    return 0
}
exit(status)
#else
let arguments = CommandLine.arguments.dropFirst()
let count = arguments.first.flatMap { Int(String($0.filter { $0 != "_" })) } ?? 1_000_000
let seed = arguments.dropFirst().first.flatMap { UInt64($0) } ?? 0xA11C_0DE5
var generator = KeyDecoderFuzzGenerator(seed: seed)
let clock = ContinuousClock()
let start = clock.now
var bytesTotal = 0
for i in 0..<count {
    // Two in four inputs are anything, one in four mouse input, one in four pure garbage.
    let (bytes, splits) = i % 4 == 3 ? generator.garbage() : i % 4 == 1 ? generator.pointerInput() : generator.anyInput()
    bytesTotal += bytes.count
    // One anything in three is decoded while cursor position answers are awaited.
    let failure = i % 4 == 3 ? KeyDecoderFuzzGenerator.checkGarbage(bytes, splits: splits)
                             : KeyDecoderInvariants.check(bytes, splits: splits, awaitedCursorPositions: i % 3 == 0 ? 1 + i % 2 : 0)
    if let failure {
        print("input \(i) (seed \(seed)): \(failure)")
        fatalError("key decoder invariant violated")
    }
}
let elapsed = clock.now - start
print("KeyDecoderFuzzer: \(count) inputs (\(bytesTotal) bytes), seed \(seed), no violation, \(elapsed)")
#endif
