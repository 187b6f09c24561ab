import Testing
@testable import A11yFormatting
@testable import A11yModel
@testable import A11yPresentation

/// The braille line as a part of its own: width, panning, routing, notices and the typed number.
@Suite struct BrailleViewportTests {
    func control(lower: Double = 10) throws -> PresentedControl {
        PresentedControl(try RangeSlider(selectedMinimum: lower), label: "Price", formatter: DecimalFormatter(), locale: .posix)
    }

    @Test func noDisplayNoFrame() throws {
        var viewport = BrailleViewport()
        viewport.relayout(try control(), renderer: BrailleRenderer())
        #expect(viewport.frame(entry: nil) == nil)
        let panned = viewport.pan(right: true)
        #expect(!panned)
    }

    @Test func panningAndAChangeThatBringsTheHandleBack() throws {
        var viewport = BrailleViewport()
        viewport.setWidth(12, control: try control(), renderer: BrailleRenderer())
        #expect(viewport.frame(entry: nil)?.preview == "10 ⣸⣤⣤⣤⣤⣆ 90")
        let panned = viewport.pan(right: false)
        #expect(panned)
        #expect(viewport.panOffset == 0)
        #expect(viewport.frame(entry: nil)?.text.hasPrefix("Price 10") == true)
        viewport.relayout(try control(lower: 11), renderer: BrailleRenderer(), keepPan: true)
        #expect(viewport.frame(entry: nil)?.offset == 0)
        viewport.relayout(try control(lower: 12), renderer: BrailleRenderer(), keepPan: false)
        #expect(viewport.panOffset == nil)
        #expect(viewport.frame(entry: nil)?.text.hasPrefix("12") == true)
    }

    @Test func routingFollowsTheFrameShown() throws {
        var viewport = BrailleViewport()
        viewport.setWidth(20, control: try control(), renderer: BrailleRenderer())
        #expect(viewport.routingTarget(atCell: 0, entry: nil) == .status)
        #expect(viewport.routingTarget(atCell: 6, entry: nil) == .handle(.lower))
        if case .track? = viewport.routingTarget(atCell: 12, entry: nil) {} else { Issue.record("cell 12 is the track") }
        // While a number is typed, or a notice shows, routing keys do nothing.
        #expect(viewport.routingTarget(atCell: 6, entry: ("minimum", "4")) == nil)
        viewport.showNotice("speech lost", at: .seconds(1))
        #expect(viewport.routingTarget(atCell: 6, entry: nil) == nil)
    }

    @Test func aNoticeLastsUntilItsTimeOrAKey() throws {
        var viewport = BrailleViewport()
        viewport.setWidth(20, control: try control(), renderer: BrailleRenderer())
        viewport.showNotice("speech lost", at: .seconds(1))
        #expect(viewport.frame(entry: nil)?.text == "speech lost         ")
        #expect(viewport.nextDeadline == .seconds(3))
        let early = viewport.expire(at: .milliseconds(2999))
        #expect(!early)
        let due = viewport.expire(at: .seconds(3))
        #expect(due)
        #expect(viewport.notice == nil && viewport.nextDeadline == nil)
        viewport.showNotice("speech back", at: .seconds(4))
        viewport.dismissNotice()
        #expect(viewport.frame(entry: nil)?.text.hasPrefix("Price 10") == true)
    }

    @Test func aTypedNumberShowsWithTheCursorAfterIt() throws {
        var viewport = BrailleViewport()
        viewport.setWidth(20, control: try control(), renderer: BrailleRenderer())
        let frame = viewport.frame(entry: ("minimum", "45"))
        #expect(frame?.text == "minimum: 45         ")
        #expect(frame?.cursor == 11)
        #expect(frame?.dots.allSatisfy(\.isEmpty) == true)
    }
}
