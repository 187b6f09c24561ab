/// A model of what a screen reader that reads a terminal by comparing its text hears: NVDA's
/// terminal support (its "live text", typed-character and caret rules), which JAWS, Narrator and
/// VoiceOver resemble. Written for this project from what NVDA's source does; no code of it:
///
/// - After each change the whole text of the terminal is compared with the text before it, and
///   only what was inserted is spoken. Two ways of comparing, as NVDA's "diff algorithm" setting:
///   `.diffMatchPatch` (the default) first compares by lines; when that finds exactly one run of
///   inserted lines it compares by characters (with the semantic clean-up that widens a change to
///   whole words and lines), else it speaks the inserted lines and every line after the first
///   change. `.difflib` compares by lines and, for a line that replaced a similar one, speaks only
///   the changed part when it is under 15 characters.
/// - What is found becomes lines; blank ones are dropped. One line of one character is dropped
///   (taken for a typed character), and so is one line shorter than 3 characters (or than the
///   word being typed plus one) unless the key was Tab.
/// - A typed printable character is echoed ("plus"); Left, Right, Home and End speak the
///   character under the cursor after the key, Up, Down, PageUp and PageDown the line under it,
///   whether the cursor moved or not.
public struct DiffReaderReplay: Sendable {
    /// How the texts are compared: NVDA's two choices.
    public enum Algorithm: String, Sendable, CaseIterable {
        case diffMatchPatch, difflib
    }

    /// A screen: its lines (trailing spaces are not text) and the cursor.
    public struct Screen: Sendable, Equatable {
        public var lines: [String]
        public var cursor: (column: Int, row: Int)
        public init(lines: [String], cursor: (column: Int, row: Int) = (0, 0)) {
            self.lines = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            self.cursor = cursor
        }
        /// A capture's text (lines split at newlines).
        public init(text: String, cursor: (column: Int, row: Int) = (0, 0)) {
            self.init(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), cursor: cursor)
        }
        public var text: String { lines.joined(separator: "\n") }
        public static func == (a: Screen, b: Screen) -> Bool {
            a.lines == b.lines && a.cursor == b.cursor
        }
        /// The character under the cursor (a space past the end of its line).
        var characterAtCursor: String {
            guard lines.indices.contains(cursor.row) else { return " " }
            let line = Array(lines[cursor.row])
            return line.indices.contains(cursor.column) ? String(line[cursor.column]) : " "
        }
        var lineAtCursor: String { lines.indices.contains(cursor.row) ? lines[cursor.row] : "" }
    }

    /// What one key made the reader say.
    public struct Heard: Sendable, Equatable, CustomStringConvertible {
        /// The key as tmux names it.
        public var key: String
        /// The reader's own echo: the typed character, or what is under the caret (one character,
        /// or the caret's line for the line keys; "" is a blank line).
        public var echo: [String]
        /// The new text read from the screen, line by line, after the filters.
        public var text: [String]
        public init(key: String, echo: [String], text: [String]) {
            self.key = key
            self.echo = echo
            self.text = text
        }
        public var description: String {
            "\(key): echo \(echo.map { "\"\($0)\"" }.joined(separator: " ")) text \(text.map { "\"\($0)\"" }.joined(separator: " "))"
        }
    }

    public var algorithm: Algorithm
    public init(algorithm: Algorithm = .diffMatchPatch) { self.algorithm = algorithm }

    /// What the reader says for each key of `steps` (a key and the screen after it), from `start`.
    public func replay(from start: Screen, _ steps: [(key: String, screen: Screen)]) -> [Heard] {
        var old = start
        var wordChars = 0
        var heard: [Heard] = []
        for (key, screen) in steps {
            var echo: [String] = []
            let typed = Self.typedCharacter(key)
            if let typed {
                echo.append(typed)
                wordChars = typed.first.map { $0.isLetter || $0.isNumber } == true ? wordChars + 1 : 0
            } else if ["Enter", "Tab", "C-c", "C-d"].contains(key) {
                wordChars = 0
            }
            switch key {
            case "Left", "Right", "Home", "End": echo.append(screen.characterAtCursor)
            case "Up", "Down", "PageUp", "PageDown", "PPage", "NPage": echo.append(screen.lineAtCursor)
            default: break
            }
            var lines = newText(old: old.text, new: screen.text)
            if lines.count == 1, lines[0].trimmed.count == 1 { lines = [] }
            if lines.count == 1, key != "Tab", lines[0].trimmed.count < max(wordChars + 1, 3) { lines = [] }
            if !lines.isEmpty { wordChars = 0 }
            heard.append(Heard(key: key, echo: echo, text: lines))
            old = screen
        }
        return heard
    }

    /// The character a key types, as tmux names keys (nil: a key that types none).
    static func typedCharacter(_ key: String) -> String? {
        if key == "Space" { return " " }
        return key.count == 1 ? key : nil
    }

    /// The inserted text from `old` to `new`, as the reader's comparison finds it: non-blank lines.
    public func newText(old: String, new: String) -> [String] {
        switch algorithm {
        case .diffMatchPatch: return Self.hybridNew(old: old, new: new)
        case .difflib: return Self.difflibNew(old: old, new: new)
        }
    }

    // MARK: - Diff Match Patch, as NVDA drives it

    static func hybridNew(old: String, new: String) -> [String] {
        if old.isEmpty && new.isEmpty { return [] }
        let oldLines = splitKeepingEnds(old), newLines = splitKeepingEnds(new)
        var table: [String: Int] = [:]
        func tokens(_ lines: [String]) -> [Int] {
            lines.map { line in
                if let token = table[line] { return token }
                table[line] = table.count
                return table.count - 1
            }
        }
        let lineOps = Self.merge(Self.myers(tokens(oldLines), tokens(newLines)))
        var output = ""
        func add(_ text: String) {
            output += text
            if !(text.hasSuffix("\n") || text.hasSuffix("\r")) { output += "\n" }
        }
        if lineOps.filter({ $0.op == .insert }).count == 1 {
            let chars = semanticCleanup(merge(myers(Array(old), Array(new))), old: Array(old), new: Array(new))
            for edit in chars where edit.op == .insert { add(String(edit.newText)) }
        } else {
            // Every inserted line, and every line after the first piece of the comparison.
            var newIndex = 0
            for (index, edit) in lineOps.enumerated() where edit.op != .delete {
                let text = newLines[newIndex..<newIndex + edit.count].joined()
                if edit.op == .insert || index > 0 { add(text) }
                newIndex += edit.count
            }
        }
        return output.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map(String.init).filter { !$0.trimmed.isEmpty }
    }

    static func splitKeepingEnds(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for character in text {
            line.append(character)
            if character == "\n" { lines.append(line); line = "" }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    enum Op: Sendable { case equal, delete, insert }

    /// A run of one kind: `count` elements; for characters, their text.
    struct Edit: Sendable {
        var op: Op
        var count: Int
        var oldText: [Character] = []
        var newText: [Character] = []
    }

    /// The shortest edit script from `a` to `b` (Myers' O(ND)), as single-element edits.
    static func myers<T: Equatable>(_ a: [T], _ b: [T]) -> [(op: Op, element: T)] {
        // Common prefix and suffix first: the search is over what is left.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x0 = Array(a[prefix..<(a.count - suffix)]), y0 = Array(b[prefix..<(b.count - suffix)])
        var result: [(op: Op, element: T)] = a[0..<prefix].map { (.equal, $0) }
        let n = x0.count, m = y0.count, max = n + m
        var middle: [(op: Op, element: T)] = []
        if n == 0 {
            middle = y0.map { (.insert, $0) }
        } else if m == 0 {
            middle = x0.map { (.delete, $0) }
        } else {
            var v = Array(repeating: 0, count: 2 * max + 2)
            var trace: [[Int]] = []
            search: for d in 0...max {
                trace.append(v)
                for k in stride(from: -d, through: d, by: 2) {
                    var x: Int
                    if k == -d || (k != d && v[max + k - 1] < v[max + k + 1]) { x = v[max + k + 1] } else { x = v[max + k - 1] + 1 }
                    var y = x - k
                    while x < n, y < m, x0[x] == y0[y] { x += 1; y += 1 }
                    v[max + k] = x
                    if x >= n, y >= m { trace.append(v); break search }
                }
            }
            // Walk back through the trace.
            var x = n, y = m
            var reversed: [(op: Op, element: T)] = []
            for d in stride(from: trace.count - 2, through: 0, by: -1) {
                let v = trace[d]
                let k = x - y
                let previousK = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? k + 1 : k - 1
                let previousX = d == 0 ? 0 : v[max + previousK]
                let previousY = previousX - previousK
                while x > previousX, y > previousY { x -= 1; y -= 1; reversed.append((.equal, x0[x])) }
                if d > 0 {
                    if x == previousX { y -= 1; reversed.append((.insert, y0[y])) } else { x -= 1; reversed.append((.delete, x0[x])) }
                }
            }
            middle = reversed.reversed()
        }
        result += middle
        result += a[(a.count - suffix)...].map { (.equal, $0) }
        return result
    }

    /// Single edits merged into runs; within a stretch of changes, the deletions before the insertions.
    static func merge<T>(_ single: [(op: Op, element: T)]) -> [Edit] {
        var edits: [Edit] = []
        var deleted: [T] = [], inserted: [T] = []
        func flush() {
            if !deleted.isEmpty { edits.append(Edit(op: .delete, count: deleted.count, oldText: deleted.compactMap { $0 as? Character })) }
            if !inserted.isEmpty { edits.append(Edit(op: .insert, count: inserted.count, newText: inserted.compactMap { $0 as? Character })) }
            deleted = []; inserted = []
        }
        for (op, element) in single {
            switch op {
            case .delete: deleted.append(element)
            case .insert: inserted.append(element)
            case .equal:
                flush()
                let character = element as? Character
                if let last = edits.last, last.op == .equal {
                    edits[edits.count - 1].count += 1
                    if let character { edits[edits.count - 1].oldText.append(character); edits[edits.count - 1].newText.append(character) }
                } else {
                    edits.append(Edit(op: .equal, count: 1, oldText: character.map { [$0] } ?? [], newText: character.map { [$0] } ?? []))
                }
            }
        }
        flush()
        return edits
    }

    /// Diff Match Patch's semantic clean-up, as its rules go: an equality no longer than the
    /// changes on both sides of it becomes part of them; then each change between two equalities
    /// slides to where its edges fall on the best boundaries (blank line, line break, sentence
    /// end, space, punctuation).
    static func semanticCleanup(_ edits: [Edit], old: [Character], new: [Character]) -> [Edit] {
        var edits = edits
        var changed = true
        var rounds = 0
        while changed, rounds < 10_000 {
            changed = false
            rounds += 1
            for index in edits.indices where edits[index].op == .equal && index > 0 && index < edits.count - 1 {
                let before = changeSize(edits, around: index, step: -1), after = changeSize(edits, around: index, step: 1)
                if edits[index].count <= before && edits[index].count <= after {
                    let text = edits[index].oldText
                    edits[index] = Edit(op: .delete, count: text.count, oldText: text)
                    edits.insert(Edit(op: .insert, count: text.count, newText: text), at: index + 1)
                    edits = remerge(edits)
                    changed = true
                    break
                }
            }
        }
        return slideToBoundaries(edits)
    }

    /// The larger of the deleted and inserted sizes of the changes next to `index` on one side.
    static func changeSize(_ edits: [Edit], around index: Int, step: Int) -> Int {
        var deleted = 0, inserted = 0
        var i = index + step
        while edits.indices.contains(i), edits[i].op != .equal {
            if edits[i].op == .delete { deleted += edits[i].count } else { inserted += edits[i].count }
            i += step
        }
        return Swift.max(deleted, inserted)
    }

    /// Runs of changes between equalities as one deletion then one insertion, what they begin or
    /// end with in common made part of the equalities beside them; neighbouring equalities joined.
    static func remerge(_ edits: [Edit]) -> [Edit] {
        var result: [Edit] = []
        var deleted: [Character] = [], inserted: [Character] = []
        func appendEqual(_ text: [Character]) {
            guard !text.isEmpty else { return }
            if let last = result.last, last.op == .equal {
                result[result.count - 1].oldText += text
                result[result.count - 1].newText += text
                result[result.count - 1].count += text.count
            } else {
                result.append(Edit(op: .equal, count: text.count, oldText: text, newText: text))
            }
        }
        func flush() {
            var suffix: [Character] = []
            if !deleted.isEmpty, !inserted.isEmpty {
                var prefix = 0
                while prefix < min(deleted.count, inserted.count), deleted[prefix] == inserted[prefix] { prefix += 1 }
                appendEqual(Array(deleted[..<prefix]))
                deleted.removeFirst(prefix); inserted.removeFirst(prefix)
                var common = 0
                while common < min(deleted.count, inserted.count), deleted[deleted.count - 1 - common] == inserted[inserted.count - 1 - common] {
                    common += 1
                }
                suffix = Array(deleted.suffix(common))
                deleted.removeLast(common); inserted.removeLast(common)
            }
            if !deleted.isEmpty { result.append(Edit(op: .delete, count: deleted.count, oldText: deleted)) }
            if !inserted.isEmpty { result.append(Edit(op: .insert, count: inserted.count, newText: inserted)) }
            appendEqual(suffix)
            deleted = []; inserted = []
        }
        for edit in edits {
            switch edit.op {
            case .delete: deleted += edit.oldText
            case .insert: inserted += edit.newText
            case .equal:
                flush()
                if let last = result.last, last.op == .equal {
                    result[result.count - 1].oldText += edit.oldText
                    result[result.count - 1].newText += edit.newText
                    result[result.count - 1].count += edit.count
                } else if edit.count > 0 {
                    result.append(edit)
                }
            }
        }
        flush()
        return result
    }

    /// A single insertion or deletion between two equalities moved to the best-scoring place
    /// (Diff Match Patch's "lossless" clean-up).
    static func slideToBoundaries(_ edits: [Edit]) -> [Edit] {
        var edits = edits
        var index = 1
        while index < edits.count - 1 {
            guard edits[index - 1].op == .equal, edits[index + 1].op == .equal, edits[index].op != .equal else { index += 1; continue }
            var before = edits[index - 1].oldText
            var edit = edits[index].op == .insert ? edits[index].newText : edits[index].oldText
            var after = edits[index + 1].oldText
            // Slide as far left as the text allows, then try every place to the right.
            while let last = before.last, let editLast = edit.last, last == editLast {
                before.removeLast()
                edit = [last] + edit.dropLast()
                after = [last] + after
            }
            var best = (before, edit, after)
            var bestScore = score(before, edit) + score(edit, after)
            while let first = after.first, let editFirst = edit.first, first == editFirst {
                before.append(editFirst)
                edit = Array(edit.dropFirst()) + [first]
                after.removeFirst()
                let candidate = score(before, edit) + score(edit, after)
                if candidate >= bestScore { bestScore = candidate; best = (before, edit, after) }
            }
            edits[index - 1].oldText = best.0; edits[index - 1].newText = best.0; edits[index - 1].count = best.0.count
            if edits[index].op == .insert { edits[index].newText = best.1 } else { edits[index].oldText = best.1 }
            edits[index + 1].oldText = best.2; edits[index + 1].newText = best.2; edits[index + 1].count = best.2.count
            index += 1
        }
        return remerge(edits)
    }

    /// How good a boundary between `one` and `two` is (6: an edge of the text, 5: a blank line,
    /// 4: a line break, 3: a sentence's end, 2: a space, 1: punctuation, 0: inside a word).
    static func score(_ one: [Character], _ two: [Character]) -> Int {
        guard let a = one.last, let b = two.first else { return 6 }
        let aPunct = !(a.isLetter || a.isNumber), bPunct = !(b.isLetter || b.isNumber)
        let aSpace = aPunct && a.isWhitespace, bSpace = bPunct && b.isWhitespace
        let aBreak = aSpace && a.isNewline, bBreak = bSpace && b.isNewline
        let aBlank = aBreak && one.suffix(2) == ["\n", "\n"]
        let bBlank = bBreak && (two.prefix(2) == ["\n", "\n"] || two.prefix(3) == ["\r", "\n", "\n"])
        if aBlank || bBlank { return 5 }
        if aBreak || bBreak { return 4 }
        if aPunct && !aSpace && bSpace { return 3 }
        if aSpace || bSpace { return 2 }
        if aPunct || bPunct { return 1 }
        return 0
    }

    // MARK: - Difflib, as NVDA drives it

    static func difflibNew(old: String, new: String) -> [String] {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var output: [String] = []
        var previous: (mark: Character, text: String)?
        for (mark, text) in ndiff(oldLines, newLines) {
            defer { previous = (mark, text) }
            guard mark == "+" else { continue }
            guard !text.trimmed.isEmpty else { continue }
            var spoken = text
            if let previous, previous.mark == "-", !previous.text.isEmpty {
                let a = Array(text), b = Array(previous.text)
                var start = 0
                while start < min(a.count, b.count), a[start] == b[start] { start += 1 }
                var end = a.count
                if a.count == b.count {
                    end = start
                    for position in stride(from: a.count - 1, through: start, by: -1) where a[position] != b[position] {
                        end = position + 1
                        break
                    }
                }
                if end - start < 15 { spoken = String(a[min(start, end)..<end]) }
            }
            if !spoken.trimmed.isEmpty { output.append(spoken) }
        }
        return output
    }

    /// Lines marked "-", "+" or " " as Python's `ndiff` gives them: matched lines, then in each
    /// replaced stretch a similar pair (ratio above 0.75) side by side, others as a block, the
    /// shorter side first.
    static func ndiff(_ a: [String], _ b: [String]) -> [(Character, String)] {
        var out: [(Character, String)] = []
        var pendingOld: [String] = [], pendingNew: [String] = []
        func flush() {
            out += replace(pendingOld, pendingNew)
            pendingOld = []; pendingNew = []
        }
        for (op, line) in myers(a, b) {
            switch op {
            case .delete: pendingOld.append(line)
            case .insert: pendingNew.append(line)
            case .equal: flush(); out.append((" ", line))
            }
        }
        flush()
        return out
    }

    static func replace(_ a: [String], _ b: [String]) -> [(Character, String)] {
        if a.isEmpty { return b.map { ("+", $0) } }
        if b.isEmpty { return a.map { ("-", $0) } }
        var best: (ratio: Double, i: Int, j: Int)?
        for (j, newLine) in b.enumerated() {
            for (i, oldLine) in a.enumerated() {
                let r = ratio(oldLine, newLine)
                if r > 0.75, r > (best?.ratio ?? 0) { best = (r, i, j) }
            }
        }
        guard let best else {
            return b.count < a.count ? b.map { ("+", $0) } + a.map { ("-", $0) } : a.map { ("-", $0) } + b.map { ("+", $0) }
        }
        return replace(Array(a[..<best.i]), Array(b[..<best.j])) + [("-", a[best.i]), ("+", b[best.j])]
            + replace(Array(a[(best.i + 1)...]), Array(b[(best.j + 1)...]))
    }

    static func ratio(_ a: String, _ b: String) -> Double {
        let total = a.count + b.count
        guard total > 0 else { return 1 }
        let matched = myers(Array(a), Array(b)).filter { $0.op == .equal }.count
        return 2 * Double(matched) / Double(total)
    }
}

extension String {
    fileprivate var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
