import Testing
@testable import A11yPresentation

/// Plural-Forms expressions as languages' catalogs write them (gettext manual, "Plural forms"),
/// and expressions no language writes: refused with where, never a crash or a form out of range.
@Suite struct PluralRuleTests {
    func forms(_ header: String, _ numbers: [Int]) throws -> [Int] {
        let rule = try PluralRule(header: header)
        return numbers.map(rule.form(for:))
    }

    @Test func theRulesOfLanguages() throws {
        let numbers = [0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 101, 111, 1000]
        #expect(try forms("nplurals=2; plural=(n != 1);", numbers) == [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
        #expect(try forms("nplurals=2; plural=(n > 1);", numbers) == [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
        #expect(try forms("nplurals=1; plural=0;", numbers) == Array(repeating: 0, count: numbers.count))
        // Russian.
        #expect(try forms("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", numbers)
                == [2, 0, 1, 1, 2, 2, 2, 0, 1, 2, 0, 2, 2])
        // Polish.
        #expect(try forms("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", numbers)
                == [2, 0, 1, 1, 2, 2, 2, 2, 1, 2, 2, 2, 2])
        // Arabic, six forms.
        #expect(try forms("nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
                          [0, 1, 2, 3, 11, 100, 102]) == [0, 1, 2, 3, 4, 5, 5])
        #expect(PluralRule.english.form(for: 1) == 0 && PluralRule.english.form(for: 7) == 1 && PluralRule.english.count == 2)
    }

    @Test func arithmeticAsC() throws {
        #expect(try forms("nplurals=9; plural=n/2 + n%3 * 2 - 1;", [4]) == [3])   // 2 + 2 - 1
        #expect(try forms("nplurals=2; plural=!(n == 1);", [1, 2]) == [0, 1])
        #expect(try forms("nplurals=2; plural=n/0 + n%0;", [5]) == [0])            // division by zero: 0
        #expect(try forms("nplurals=3; plural=n;", [0, 1, 2, 7]) == [0, 1, 2, 2])  // past the last form: the last
        #expect(try forms("nplurals=2; plural=n>=1 || n<=0 ? n<2 : 1;", [0, 1, 3]) == [1, 1, 0])
        #expect(try forms(" nplurals = 2 ;\n plural = ( n != 1 ) ; ", [1, 2]) == [0, 1])
    }

    @Test(arguments: [
        ("", "Plural-Forms has no nplurals from 1 to 100"),
        ("nplurals=0; plural=0;", "Plural-Forms has no nplurals from 1 to 100"),
        ("nplurals=INTEGER; plural=EXPRESSION;", "Plural-Forms has no nplurals from 1 to 100"),
        ("nplurals=2;", "Plural-Forms has no plural expression"),
        ("nplurals=2; plural=(n != 1;", "Plural-Forms' expression: '(' without ')' at character 8"),
        ("nplurals=2; plural=n ? 1;", "Plural-Forms' expression: '?' without ':' at character 6"),
        ("nplurals=2; plural=n $ 1;", "Plural-Forms' expression: unexpected text at character 3"),
        ("nplurals=2; plural=;", "Plural-Forms has no plural expression"),
        ("nplurals=2; plural=n +;", "Plural-Forms' expression: unexpected end at character 4"),
        ("nplurals=2; plural=99999999999999999999;", "Plural-Forms' expression: number too large at character 20"),
    ])
    func malformedRulesAreRefusedWithWhere(header: String, problem: String) {
        #expect(throws: PluralRule.Problem(description: problem)) { try PluralRule(header: header) }
    }

    @Test func aDeepExpressionIsRefusedNotFollowed() {
        let deep = "nplurals=2; plural=" + String(repeating: "(", count: 10_000) + "n" + String(repeating: ")", count: 10_000) + ";"
        #expect(throws: PluralRule.Problem.self) { try PluralRule(header: deep) }
        let bangs = "nplurals=2; plural=" + String(repeating: "!", count: 10_000) + "n;"
        #expect(throws: PluralRule.Problem.self) { try PluralRule(header: bangs) }
    }
}
