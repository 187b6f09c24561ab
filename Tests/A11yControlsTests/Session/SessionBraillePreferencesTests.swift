import Testing
import A11yControls
import A11yTestSupport

/// The session as BRLTTY's guest, on fake devices: the keys it takes follow the focused
/// control's key map, and BRLTTY's preferences are followed while it runs.
@Suite struct SessionBraillePreferencesTests {
    typealias Rig = ControlSessionTests.Rig

    @Test func theKeysTakenFollowTheFocusedControlsBindings() throws {
        let rig = try Rig(width: 20)
        var stepperKeys = KeyMap(kind: .stepper)
        try stepperKeys.apply(file: "braille:TOP = to-lowest\n")
        let session = try rig.session([.priceSlider(),
                                       try ControlPanel(stepper: Stepper(), keyMap: stepperKeys)])
        let first = try #require(rig.braille.acceptedKeys)
        #expect(first.commands.isEmpty && first.lineUp && first.routing)
        // Taken with the display, before the first frame: a key pressed as soon as the control
        // shows goes to the side it belongs to (an unbound PREFMENU to BRLTTY).
        #expect(rig.braille.keysWereTakenWhileConnecting == true)
        rig.keys.type("\t\t")
        rig.keys.end()
        _ = session.run()
        #expect(rig.braille.acceptedKeys?.commands == ["TOP"])
    }

    /// BRLTTY reports new preferences just as a key's frame is written, while the engine still
    /// hands over that key's effects: the session follows them once the engine is done (making
    /// the new events reads the engine, which it must not while the engine is being changed: a
    /// CI run under ASan stopped on "Simultaneous accesses" there).
    @Test func preferencesThatChangeAsAFrameIsWrittenAreFollowedAfterIt() throws {
        let rig = try Rig(width: 20)
        let session = try rig.session([.priceSlider()])
        rig.braille.changePreferencesAtNextFrame(BraillePreferences(computerBrailleCellSize: 6))
        rig.keys.type("+")  // not a key foreseen before the first: the engine takes it at once
        rig.keys.end()
        _ = session.run()
        let frames = rig.braille.frames
        let eight = try #require(frames.firstIndex { $0.text.hasPrefix("Price 11 ") })
        #expect(frames[eight].orMask.contains { $0 & 0xC0 != 0 })
        let last = try #require(frames.last)
        #expect(last.text.hasPrefix("Price 11 "))
        #expect(last.orMask.allSatisfy { $0 & 0xC0 == 0 })
    }

    @Test func aCellSizeChangedWhileTheSessionRunsRedrawsTheTrackInSixDots() throws {
        let rig = try Rig(width: 20)
        let session = try rig.session([.priceSlider()])
        #expect(rig.braille.frames.last?.orMask.contains { $0 & 0xC0 != 0 } == true)
        rig.braille.preferences = BraillePreferences(computerBrailleCellSize: 6)
        rig.keys.end()
        _ = session.run()
        let last = try #require(rig.braille.frames.last)
        #expect(last.text.hasPrefix("Price 10 "))
        #expect(last.orMask.allSatisfy { $0 & 0xC0 == 0 })
        #expect(last.orMask.contains(0b11_0111))  // the focused handle's full left column beside the selection
    }
}
