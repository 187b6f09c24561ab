import Testing
@testable import A11yDevices
@testable import A11yVocabulary

/// Contracted braille through liblouis, with BRLTTY's table names.
@Suite struct BrailleContractorTests {
    @Test func thePriceStartsWithTheOneCellContractionForThe() throws {
        let contractor = try BrailleContractor(table: "en-us-g2")
        #expect(contractor.table == "en-us-g2.ctb")
        let price = try #require(contractor.contract("the price"))
        #expect(price.dots.first == 0b10_1110)  // dots 2 3 4 6: "the"
        #expect(price.dots[1] == 0)  // then a blank cell
        #expect(price.text[1] == " ")
        #expect(price.count < "the price".count)
        // Each cell knows where it comes from: "p" is character 4.
        #expect(price.sourceIndex[2] == 4)
    }

    @Test func digitsStayDigits() throws {
        let contractor = try BrailleContractor(table: "en-us-g2")
        let zone = try #require(contractor.contract("zone 12"))
        #expect(zone.text.suffix(2) == ["1", "2"])
        #expect(zone.dots.suffix(2) == [0, 0])
        #expect(zone.sourceIndex.suffix(2) == [5, 6])
    }

    @Test func anUnknownTableIsAnErrorThatNamesIt() {
        #expect(throws: BrailleContractionError(table: "xx-nonsense-g9")) { try BrailleContractor(table: "xx-nonsense-g9") }
        #expect(throws: BrailleContractionError.self) { try BrailleContractor(table: "none") }
        #expect(throws: BrailleContractionError.self) { try BrailleContractor(table: "/nonexistent/table.ctb") }
    }

    @Test func aPathOrALiblouisNameIsUsedAsItIs() throws {
        #expect(try BrailleContractor(table: "/usr/share/liblouis/tables/en-ueb-g2.ctb").table.hasSuffix("en-ueb-g2.ctb"))
        #expect(try BrailleContractor(table: "de-g2.ctb").table == "de-g2.ctb")
    }
}
