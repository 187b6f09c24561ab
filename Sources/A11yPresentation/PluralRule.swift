/// A language's plural rule as a gettext catalog states it in its header
/// (`Plural-Forms: nplurals=2; plural=(n != 1);`): which of the `count` forms of a phrase goes
/// with a number.
///
/// The expression is C's, as the gettext manual describes it ("Plural forms"): the variable `n`,
/// decimal numbers, `!`, `* / %`, `+ -`, `< <= > >=`, `== !=`, `&&`, `||`, `?:` and parentheses,
/// with C's precedence, evaluated in unsigned arithmetic. A division by zero gives 0. Parsed once,
/// when the catalog is read; choosing a form walks a small tree.
package struct PluralRule: Sendable, Equatable {
    /// How many forms a phrase has (`nplurals`), 1 to 100.
    package let count: Int
    private let expression: Expression

    /// English's rule, also Germanic and most Romance languages': one form for 1, the other for
    /// every other number.
    package static let english = PluralRule(count: 2, expression: .binary(.notEqual, .n, .number(1)))

    private init(count: Int, expression: Expression) {
        self.count = count
        self.expression = expression
    }

    /// The form for `n`: `0..<count` (a rule that gives more is clamped to the last form).
    package func form(for n: Int) -> Int {
        let value = expression.evaluate(UInt64(clamping: n.magnitude))
        return value >= UInt64(count) ? count - 1 : Int(value)
    }

    /// Why a Plural-Forms header cannot be used.
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The rule of a `Plural-Forms` header value (`nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : …;`).
    package init(header: String) throws(Problem) {
        let fields = header.utf8.split(separator: UInt8(ascii: ";"))
            .map { $0.split(separator: UInt8(ascii: "="), maxSplits: 1).map(MOFile.trimmed) }
        guard let counted = fields.first(where: { $0.first == "nplurals" }), counted.count == 2,
              let count = Int(counted[1]), (1...100).contains(count) else {
            throw Problem(description: "Plural-Forms has no nplurals from 1 to 100")
        }
        guard let rule = fields.first(where: { $0.first == "plural" }), rule.count == 2 else {
            throw Problem(description: "Plural-Forms has no plural expression")
        }
        var parser = Parser(text: Array(rule[1].utf8))
        let expression = try parser.parseWhole()
        self.init(count: count, expression: expression)
    }

    // MARK: The expression

    indirect enum Expression: Sendable, Equatable {
        case n
        case number(UInt64)
        case not(Expression)
        case binary(Operator, Expression, Expression)
        case conditional(Expression, Expression, Expression)

        enum Operator: Sendable, Equatable {
            case multiply, divide, remainder, add, subtract
            case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual, and, or
        }

        func evaluate(_ n: UInt64) -> UInt64 {
            switch self {
            case .n: return n
            case .number(let value): return value
            case .not(let operand): return operand.evaluate(n) == 0 ? 1 : 0
            case .conditional(let condition, let yes, let no): return condition.evaluate(n) != 0 ? yes.evaluate(n) : no.evaluate(n)
            case .binary(.and, let left, let right): return left.evaluate(n) != 0 && right.evaluate(n) != 0 ? 1 : 0
            case .binary(.or, let left, let right): return left.evaluate(n) != 0 || right.evaluate(n) != 0 ? 1 : 0
            case .binary(let op, let left, let right):
                let (a, b) = (left.evaluate(n), right.evaluate(n))
                switch op {
                case .multiply: return a &* b
                case .divide: return b == 0 ? 0 : a / b
                case .remainder: return b == 0 ? 0 : a % b
                case .add: return a &+ b
                case .subtract: return a &- b
                case .less: return a < b ? 1 : 0
                case .lessOrEqual: return a <= b ? 1 : 0
                case .greater: return a > b ? 1 : 0
                case .greaterOrEqual: return a >= b ? 1 : 0
                case .equal: return a == b ? 1 : 0
                case .notEqual: return a != b ? 1 : 0
                case .and, .or: return 0  // handled above
                }
            }
        }
    }

    /// Precedence climbing over the expression's bytes, at most 64 levels deep (a hostile
    /// catalog cannot exhaust the stack).
    struct Parser {
        let text: [UInt8]
        var position = 0
        var depth = 0

        init(text: [UInt8]) { self.text = text }

        static let levels: [[(String, Expression.Operator)]] = [
            [("||", .or)], [("&&", .and)], [("==", .equal), ("!=", .notEqual)],
            [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)],
            [("+", .add), ("-", .subtract)], [("*", .multiply), ("/", .divide), ("%", .remainder)],
        ]

        mutating func parseWhole() throws(Problem) -> Expression {
            let expression = try conditional()
            skipBlanks()
            guard position == text.count else { throw problem("unexpected text") }
            return expression
        }

        func problem(_ what: String) -> Problem {
            Problem(description: "Plural-Forms' expression: \(what) at character \(position + 1)")
        }

        mutating func skipBlanks() {
            while position < text.count, text[position] == 0x20 || text[position] == 0x09 || text[position] == 0x0A || text[position] == 0x0D {
                position += 1
            }
        }

        mutating func take(_ token: String) -> Bool {
            skipBlanks()
            let bytes = Array(token.utf8)
            guard position + bytes.count <= text.count, Array(text[position..<position + bytes.count]) == bytes else { return false }
            // "<" is not the start of "<=", "!" not of "!=".
            if bytes.count == 1, position + 1 < text.count, text[position + 1] == UInt8(ascii: "="),
               [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "=")].contains(bytes[0]) { return false }
            position += bytes.count
            return true
        }

        mutating func conditional() throws(Problem) -> Expression {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { throw problem("nested too deeply") }
            let condition = try binary(level: 0)
            guard take("?") else { return condition }
            let yes = try conditional()
            guard take(":") else { throw problem("'?' without ':'") }
            let no = try conditional()
            return .conditional(condition, yes, no)
        }

        mutating func binary(level: Int) throws(Problem) -> Expression {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level: level + 1)
            search: while true {
                for (token, op) in Self.levels[level] where take(token) {
                    left = .binary(op, left, try binary(level: level + 1))
                    continue search
                }
                return left
            }
        }

        mutating func unary() throws(Problem) -> Expression {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { throw problem("nested too deeply") }
            if take("!") { return .not(try unary()) }
            if take("(") {
                let inner = try conditional()
                guard take(")") else { throw problem("'(' without ')'") }
                return inner
            }
            skipBlanks()
            if position < text.count, text[position] == UInt8(ascii: "n") {
                position += 1
                return .n
            }
            var value: UInt64 = 0
            let start = position
            while position < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[position]) {
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(UInt64(text[position] - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { throw problem("number too large") }
                value = sum
                position += 1
            }
            guard position > start else { throw problem(position < text.count ? "unexpected character" : "unexpected end") }
            return .number(value)
        }
    }
}
