import Testing
import VirtualDisplayClient

/// The test display's frames are what the display shows, although BRLTTY's vr driver sends a
/// line only when it changed: a display where only the cells changed (the same text written
/// again after BRLTTY was stopped) must not read as blank.
struct VirtualDisplayFrameTests {
    let start = ContinuousClock.now

    func lines(_ texts: [String]) -> [VirtualDisplayLine] { texts.compactMap(VirtualDisplayLine.init) }

    func frames(_ texts: [String]) -> [VirtualDisplayFrame] {
        var assembler = VirtualDisplayFrameAssembler()
        return lines(texts).enumerated().compactMap { index, line in assembler.take(line, at: start + .milliseconds(index)) }
    }

    @Test func aVisualAndItsBrailleLineAreOneFrame() {
        let shown = frames([#"Visual "ab""#, #"Braille "1|12""#])
        #expect(shown == [VirtualDisplayFrame(text: "ab", cells: ["1", "12"], time: start)])
    }

    @Test func cellsAloneKeepTheTextTheDisplayShows() {
        let shown = frames([#"Visual "ab""#, #"Braille "1|12""#, #"Braille "1|1278""#])
        #expect(shown.map(\.text) == ["ab", "ab"])
        #expect(shown.last?.cells == ["1", "1278"])
        #expect(shown.last?.time == start + .milliseconds(2))
    }

    @Test func textAloneKeepsTheCellsAndIsAFrameOnceTheNextLineComes() {
        let shown = frames([#"Visual "ab""#, #"Braille "1|12""#, #"Visual "AB""#, #"Visual "cd""#, #"Braille "14|145""#])
        #expect(shown.map(\.text) == ["ab", "AB", "cd"])
        #expect(shown.map(\.cells) == [["1", "12"], ["1", "12"], ["14", "145"]])
        #expect(shown[1].time == start + .milliseconds(2))
    }

    @Test func aNewConnectionStartsBlank() {
        var assembler = VirtualDisplayFrameAssembler()
        for line in lines([#"Visual "ab""#, #"Braille "1|12""#]) { _ = assembler.take(line, at: start) }
        assembler.reset()
        let frame = lines([#"Braille "1|12""#]).first.flatMap { assembler.take($0, at: start) }
        #expect(frame?.text == "")
    }
}
