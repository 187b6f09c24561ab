import A11yModel
import A11yVocabulary
/// A key of the keyboard, as the key decoder reports it: the key itself, without modifiers.
///
/// Control characters are reported as the letter with `.control` (0x01 is `ctrl+a`), and
/// Shift-Tab as `.tab` with `.shift`, so that every terminal's spelling of a key gives one value.
public enum Key: Sendable, Hashable {
    /// A printable character (UTF-8 decoded), including the space.
    case character(Character)
    /// Enter (Return, keypad Enter).
    case enter
    /// Tab (Shift-Tab is `.tab` with `.shift`).
    case tab
    /// Backspace (DEL or BS).
    case backspace
    /// Escape pressed alone.
    case escape
    /// The Up arrow (keypad Up included).
    case up
    /// The Down arrow (keypad Down included).
    case down
    /// The Left arrow (keypad Left included).
    case left
    /// The Right arrow (keypad Right included).
    case right
    /// Home (keypad Home included).
    case home
    /// End (keypad End included).
    case end
    /// Page Up (keypad Page Up included).
    case pageUp
    /// Page Down (keypad Page Down included).
    case pageDown
    /// Insert (keypad Insert included).
    case insert
    /// Delete: the forward delete, not Backspace (keypad Delete included).
    case delete
    /// A function key: F1 is `.function(1)`.
    case function(Int)
    /// Bytes that form no key the decoder knows (garbage, a truncated or unsupported sequence).
    /// The key map never gives them a meaning.
    case unknown([UInt8])
}

/// Modifier keys held with a key (xterm's and kitty's modifier bits, less the lock keys).
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    /// The modifier bits: 1 Shift, 2 Alt, 4 Control, 8 Super (xterm's and kitty's modifier
    /// parameter less one).
    public let rawValue: UInt8
    /// Modifiers from their bits, as `rawValue` lists them.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The Shift key. With a letter it is part of the character (`K`, not `shift+k`).
    public static let shift = KeyModifiers(rawValue: 1)
    /// The Alt (Meta, Option) key; a legacy terminal sends it as an Escape before the key.
    public static let alt = KeyModifiers(rawValue: 2)
    /// The Control key; a legacy terminal sends it with a letter as a control character (0x01 is
    /// `ctrl+a`).
    public static let control = KeyModifiers(rawValue: 4)
    /// The Super (Windows, Command) key; xterm's "meta" bit.
    public static let `super` = KeyModifiers(rawValue: 8)
}

/// Whether a key went down, repeats while held, or went up.
///
/// Only the kitty keyboard protocol reports `.repeat` and `.release`; every legacy sequence,
/// including the operating system's repeats of a held key, arrives as `.press`.
public enum KeyEventKind: Sendable, Hashable {
    /// The key went down (every key event of a terminal without the kitty protocol).
    case press
    /// The key is still held and the operating system repeats it (kitty protocol only).
    case `repeat`
    /// The key went up (kitty protocol only).
    case release
}

/// A key together with its modifiers: what a key map binds. Its `name` is the canonical
/// spelling used by key map files, such as `ctrl+a`, `alt+up` or `shift+tab`.
public struct KeyChord: Sendable, Hashable {
    /// The key; a letter with Shift is its capital, and a letter with Control its small letter.
    public var key: Key
    /// The modifiers held with the key, less Shift where it is part of the letter.
    public var modifiers: KeyModifiers

    /// A chord of `key` with `modifiers`, in the one form every terminal can send: Control with a
    /// letter drops Shift (`ctrl+A` is `ctrl+a`), and Shift with a letter is the capital
    /// (`shift+k` and `shift+K` are `K`).
    public init(_ key: Key, _ modifiers: KeyModifiers = []) {
        // One value per key, as legacy terminals send them: Control with a letter is the same
        // byte with or without Shift (ctrl+a); a shifted letter is its capital (K).
        if case .character(let c) = key, modifiers.contains(.control), c.isASCII, c.isLetter,
           let lower = c.lowercased().first {
            self.key = .character(lower)
            self.modifiers = modifiers.subtracting(.shift)
        } else if case .character(let c) = key, modifiers.contains(.shift), c.isLetter, c.isCased,
                  c.uppercased().count == 1, let upper = c.uppercased().first {
            self.key = .character(upper)
            self.modifiers = modifiers.subtracting(.shift)
        } else {
            self.key = key
            self.modifiers = modifiers
        }
    }
}

/// One decoded key event.
public struct KeyEvent: Sendable, Hashable {
    /// The key, folded as in `KeyChord` (a letter with Shift is its capital).
    public var key: Key
    /// The modifiers held with the key.
    public var modifiers: KeyModifiers
    /// Whether the key went down, repeats or went up.
    public var kind: KeyEventKind

    /// An event of `kind` for `key` with `modifiers`, folded as `KeyChord.init(_:_:)` folds them.
    public init(_ key: Key, _ modifiers: KeyModifiers = [], kind: KeyEventKind = .press) {
        let chord = KeyChord(key, modifiers)
        self.key = chord.key
        self.modifiers = chord.modifiers
        self.kind = kind
    }

    /// The key and modifiers, without the event kind.
    public var chord: KeyChord { KeyChord(key, modifiers) }

    /// The canonical name of the chord (`alt+up`); see `KeyChord.name`.
    public var name: String { chord.name }
}

extension Key {
    /// The canonical name of the key alone: `up`, `pageup`, `f1`, `space`, `k`, `+`.
    ///
    /// Characters that the key map file syntax uses are spelled out: `=` is `equals` and `#` is
    /// `hash`. Unknown bytes are `unknown`.
    public var name: String {
        switch self {
        case .character(" "): return "space"
        case .character("="): return "equals"
        case .character("#"): return "hash"
        case .character(let c): return String(c)
        case .enter: return "enter"
        case .tab: return "tab"
        case .backspace: return "backspace"
        case .escape: return "esc"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pageup"
        case .pageDown: return "pagedown"
        case .insert: return "insert"
        case .delete: return "delete"
        case .function(let n): return "f\(n)"
        case .unknown: return "unknown"
        }
    }

    /// Parses a key name (case-insensitive for named keys; a single character stands for
    /// itself). Accepts the aliases `escape`, `return`, `pgup`, `pgdown`, `plus`, `minus`,
    /// `del`, `ins`, `bs`.
    public init?(name: String) {
        if name.count == 1, let c = name.first {
            if c == " " { self = .character(" "); return }
            guard !c.isWhitespace, !c.containsUnsafeCodePoints else {
                return nil
            }
            self = .character(c)
            return
        }
        switch name.lowercased() {
        case "space": self = .character(" ")
        case "equals", "equal": self = .character("=")
        case "hash": self = .character("#")
        case "plus": self = .character("+")
        case "minus": self = .character("-")
        case "enter", "return": self = .enter
        case "tab": self = .tab
        case "backspace", "bs": self = .backspace
        case "esc", "escape": self = .escape
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "home": self = .home
        case "end": self = .end
        case "pageup", "pgup": self = .pageUp
        case "pagedown", "pgdown": self = .pageDown
        case "insert", "ins": self = .insert
        case "delete", "del": self = .delete
        default:
            let lower = name.lowercased()
            if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) {
                self = .function(n)
            } else {
                return nil
            }
        }
    }
}

extension KeyChord {
    /// The canonical name: modifiers in the order `ctrl+alt+shift+super+`, then `Key.name`.
    public var name: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.alt) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        if modifiers.contains(.super) { parts.append("super") }
        parts.append(key.name)
        return parts.joined(separator: "+")
    }

    /// Parses a chord name such as `ctrl+a`, `Alt+Up` or `shift+tab` (modifiers in any order;
    /// `control`, `meta` (= alt) and `cmd`/`win` (= super) are accepted). A lone `+` is the plus key,
    /// and `ctrl++` is Control with plus.
    public init?(name: String) {
        var rest = Substring(name)
        var modifiers: KeyModifiers = []
        while let plus = rest.firstIndex(of: "+"), plus != rest.startIndex, rest.index(after: plus) != rest.endIndex {
            switch rest[rest.startIndex..<plus].lowercased() {
            case "ctrl", "control": modifiers.insert(.control)
            case "alt", "meta", "opt", "option": modifiers.insert(.alt)
            case "shift": modifiers.insert(.shift)
            case "super", "cmd", "win": modifiers.insert(.super)
            default: return nil
            }
            rest = rest[rest.index(after: plus)...]
        }
        guard let key = Key(name: String(rest)) else { return nil }
        if case .unknown = key { return nil }
        self.init(key, modifiers)
    }
}

extension KeyChord: CustomStringConvertible {
    /// The chord's canonical `name`, such as `ctrl+a`.
    public var description: String { name }
}

extension KeyEvent: CustomStringConvertible {
    /// The chord's `name`, followed by " (repeat)" or " (release)" for those kinds:
    /// `alt+up (release)`.
    public var description: String {
        switch kind {
        case .press: return name
        case .repeat: return name + " (repeat)"
        case .release: return name + " (release)"
        }
    }
}
