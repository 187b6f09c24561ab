import A11yTestSupport
import Foundation
import Testing

/// Hostile argument vectors given to the real a11y-demo as raw bytes (invalid UTF-8 cannot be
/// written in a Swift string, so the shell's printf makes them): never a crash (no status of
/// 128 or more, no backtrace); a refused vector is exit 2 with exactly one line on stderr.
@Suite struct ReliabilityArgumentTests {
    /// (shell words after `a11y-demo`, expected status; nil: any status below 128).
    static let cases: [(String, Int32?)] = [
        ("range --min \"$(printf '1\\377')\"", 2),
        ("\"$(printf '\\377\\376')\"", 2),
        ("range --label \"$(printf 'a\\033[2Jb')\"", 2),
        ("range --label \"$(printf 'a\\033]0;x\\007')\"", 2),
        ("range --label \"$(printf 'a\\302\\233H')\"", 2),
        ("range --label \"$(head -c 10000 /dev/zero | tr '\\0' x)\"", 2),
        ("range --max \"$(head -c 400 /dev/zero | tr '\\0' 9)\"", 2),
        ("range --step \"$(printf '1e400')\"", 2),
        ("stepper --value \"$(printf '\\0377')\"", 2),
        ("range --label \"$(printf '\\342\\200\\256evil')\"", nil),
        ("range --label \"$(printf '\\377\\376')\"", nil),
        ("\"$(head -c 5000 /dev/urandom | tr -d '\\0')\"", 2),
    ]

    @Test(arguments: cases.indices)
    func hostileArgumentVector(_ index: Int) throws {
        let (words, expected) = Self.cases[index]
        let demo = try DemoInTmux.binary
        let outcome = try Spawn.scripted(["/bin/sh", "-c", "exec \(DemoInTmux.quote(demo)) \(words) --speech off --braille off"], input: "")
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(outcome.status < 128, "\(words): status \(outcome.status)")
        #expect(!outcome.stderr.contains("Backtrace") && !outcome.stderr.contains("Fatal error"))
        #expect(!outcome.stderr.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) }, "\(words): escape on stderr")
        if let expected {
            #expect(outcome.status == expected, "\(words): status \(outcome.status), stderr \(outcome.stderr)")
            #expect(lines.count == 1, "\(words): stderr \(outcome.stderr)")
        } else {
            #expect(lines.count <= 1)
        }
    }
}
