import Testing
@testable import A11yInput

/// One sequence a terminal sends, and the key it means.
struct SequenceCase: CustomTestStringConvertible, Sendable {
    let family: String
    let bytes: [UInt8]
    let expected: KeyEvent

    var testDescription: String {
        let shown = bytes.map { b -> String in
            switch b {
            case 0x1B: return "ESC "
            case 0x20...0x7E: return String(UnicodeScalar(b))
            default: return "\\x" + String(b, radix: 16) + " "
            }
        }.joined()
        return "\(family): \(shown) -> \(expected)"
    }
}

private func c(_ family: String, _ s: String, _ key: Key, _ mods: KeyModifiers = [], _ kind: KeyEventKind = .press) -> SequenceCase {
    SequenceCase(family: family, bytes: Array(s.utf8), expected: KeyEvent(key, mods, kind: kind))
}

private func cb(_ family: String, _ bytes: [UInt8], _ key: Key, _ mods: KeyModifiers = []) -> SequenceCase {
    SequenceCase(family: family, bytes: bytes, expected: KeyEvent(key, mods))
}

/// xterm's modifier parameter for a set of modifiers.
private func param(_ m: KeyModifiers) -> Int { Int(m.rawValue) + 1 }

private let modifierSets: [KeyModifiers] = [.shift, .alt, [.shift, .alt], .control, [.control, .shift], [.control, .alt], [.control, .alt, .shift]]

/// Every key the issue names, in each terminal family's spelling.
let terminalFamilyCases: [SequenceCase] = {
    var cases: [SequenceCase] = []
    // Keys every family sends the same way.
    for family in ["xterm", "VT220", "rxvt", "linux", "tmux", "kitty"] {
        cases += [
            c(family, "\r", .enter), c(family, "\t", .tab), c(family, "\u{7F}", .backspace),
            c(family, "k", .character("k")), c(family, "+", .character("+")), c(family, " ", .character(" ")),
            c(family, "?", .character("?")), c(family, "7", .character("7")), c(family, "é", .character("é")),
            c(family, "€", .character("€")), c(family, "😀", .character("😀")),
            cb(family, [0x01], .character("a"), .control), cb(family, [0x05], .character("e"), .control),
            c(family, "\u{1B}[5~", .pageUp), c(family, "\u{1B}[6~", .pageDown),
            c(family, "\u{1B}[Z", .tab, .shift),
            c(family, "\u{1B}k", .character("k"), .alt),
        ]
        if family != "kitty" { cases.append(c(family, "\u{1B}", .escape)) }
    }
    // xterm: CSI and SS3 cursor keys, CSI H/F, SS3 F1, modifier forms CSI 1;m X and CSI n;m ~.
    let letters: [(String, Key)] = [("A", .up), ("B", .down), ("C", .right), ("D", .left), ("H", .home), ("F", .end), ("P", .function(1))]
    for (f, key) in letters {
        if f != "P" { cases.append(c("xterm", "\u{1B}[\(f)", key)) }
        cases.append(c("xterm", "\u{1B}O\(f)", key))
        for m in modifierSets {
            cases.append(c("xterm", "\u{1B}[1;\(param(m))\(f)", key, m))
            cases.append(c("tmux", "\u{1B}[1;\(param(m))\(f)", key, m))
        }
    }
    for (n, key) in [(5, Key.pageUp), (6, .pageDown), (3, .delete)] {
        for m in modifierSets {
            cases.append(c("xterm", "\u{1B}[\(n);\(param(m))~", key, m))
            cases.append(c("tmux", "\u{1B}[\(n);\(param(m))~", key, m))
        }
    }
    cases.append(c("xterm", "\u{1B}OM", .enter))
    cases.append(c("xterm", "\u{1B}Ok", .character("+")))
    cases.append(c("xterm", "\u{1B}Om", .character("-")))
    cases.append(c("xterm", "\u{1B}O5A", .up, .control))
    cases.append(c("xterm", "\u{1B}\u{7F}", .backspace, .alt))
    // VT220.
    cases += [
        c("VT220", "\u{1B}[A", .up), c("VT220", "\u{1B}[B", .down), c("VT220", "\u{1B}[C", .right), c("VT220", "\u{1B}[D", .left),
        c("VT220", "\u{1B}OA", .up), c("VT220", "\u{1B}OD", .left),
        c("VT220", "\u{1B}[1~", .home), c("VT220", "\u{1B}[4~", .end), c("VT220", "\u{1B}OP", .function(1)),
        cb("VT220", [0x08], .backspace),
    ]
    // rxvt.
    cases += [
        c("rxvt", "\u{1B}[A", .up), c("rxvt", "\u{1B}OA", .up),
        c("rxvt", "\u{1B}[7~", .home), c("rxvt", "\u{1B}[8~", .end), c("rxvt", "\u{1B}[11~", .function(1)),
        c("rxvt", "\u{1B}[a", .up, .shift), c("rxvt", "\u{1B}[b", .down, .shift),
        c("rxvt", "\u{1B}[c", .right, .shift), c("rxvt", "\u{1B}[d", .left, .shift),
        c("rxvt", "\u{1B}Oa", .up, .control), c("rxvt", "\u{1B}Ob", .down, .control),
        c("rxvt", "\u{1B}Oc", .right, .control), c("rxvt", "\u{1B}Od", .left, .control),
        c("rxvt", "\u{1B}[5^", .pageUp, .control), c("rxvt", "\u{1B}[6^", .pageDown, .control),
        c("rxvt", "\u{1B}[5$", .pageUp, .shift), c("rxvt", "\u{1B}[6@", .pageDown, [.control, .shift]),
        c("rxvt", "\u{1B}[7^", .home, .control), c("rxvt", "\u{1B}[8$", .end, .shift), c("rxvt", "\u{1B}[11^", .function(1), .control),
        c("rxvt", "\u{1B}\u{1B}[A", .up, .alt), c("rxvt", "\u{1B}\u{1B}[5~", .pageUp, .alt), c("rxvt", "\u{1B}\u{1B}OC", .right, .alt),
    ]
    // The Linux console.
    cases += [
        c("linux", "\u{1B}[A", .up), c("linux", "\u{1B}[B", .down), c("linux", "\u{1B}[C", .right), c("linux", "\u{1B}[D", .left),
        c("linux", "\u{1B}[1~", .home), c("linux", "\u{1B}[4~", .end),
        c("linux", "\u{1B}[[A", .function(1)), c("linux", "\u{1B}[[B", .function(2)), c("linux", "\u{1B}[[E", .function(5)),
        c("linux", "\u{1B}[3~", .delete), c("linux", "\u{1B}a", .character("a"), .alt),
    ]
    // tmux (xterm-keys): what it sends whatever the outer terminal.
    cases += [
        c("tmux", "\u{1B}[A", .up), c("tmux", "\u{1B}OA", .up), c("tmux", "\u{1B}[1~", .home), c("tmux", "\u{1B}[4~", .end),
        c("tmux", "\u{1B}OP", .function(1)), c("tmux", "\u{1B}[1;5A", .up, .control),
    ]
    // kitty keyboard protocol (flags 1 + 2).
    cases += [
        c("kitty", "\u{1B}[A", .up), c("kitty", "\u{1B}[1;1:1A", .up), c("kitty", "\u{1B}[1;1:2A", .up, [], .repeat),
        c("kitty", "\u{1B}[1;1:3A", .up, [], .release), c("kitty", "\u{1B}[1;5:3C", .right, .control, .release),
        c("kitty", "\u{1B}[1;1:3B", .down, [], .release), c("kitty", "\u{1B}[1;1:2D", .left, [], .repeat),
        c("kitty", "\u{1B}[H", .home), c("kitty", "\u{1B}[1;1:3F", .end, [], .release),
        c("kitty", "\u{1B}[5;1:2~", .pageUp, [], .repeat), c("kitty", "\u{1B}[6;1:3~", .pageDown, [], .release),
        c("kitty", "\u{1B}[27u", .escape), c("kitty", "\u{1B}[27;1:3u", .escape, [], .release),
        c("kitty", "\u{1B}[13;2u", .enter, .shift), c("kitty", "\u{1B}[9;2u", .tab, .shift),
        c("kitty", "\u{1B}[97;5u", .character("a"), .control), c("kitty", "\u{1B}[99;5u", .character("c"), .control),
        c("kitty", "\u{1B}[107;1:3u", .character("k"), [], .release), c("kitty", "\u{1B}[43;1:2u", .character("+"), [], .repeat),
        c("kitty", "\u{1B}[P", .function(1)), c("kitty", "\u{1B}[1;1:3P", .function(1), [], .release),
        c("kitty", "\u{1B}[57413u", .character("+")), c("kitty", "\u{1B}[57419;1:3u", .up, [], .release),
        c("kitty", "\u{1B}[57399u", .character("0")), c("kitty", "\u{1B}[127;3u", .backspace, .alt),
        c("kitty", "\u{1B}[97;6u", .character("a"), [.control, .shift]),
    ]
    return cases
}()
