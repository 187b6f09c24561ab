import Glibc
import Testing
import A11yDevices

/// `Environment.all` is read several times as a program starts: the values are made again only
/// when the entries changed. An environment array of the test's own (the process's is shared
/// with the tests running beside this one).
@Suite struct EnvironmentSnapshotTests {
    /// A NULL-terminated array of C strings the test can change, as `setenv` and `putenv` do.
    final class Entries {
        var strings: [UnsafeMutablePointer<CChar>] = []
        let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 16)

        init(_ entries: [String]) {
            set(entries)
        }

        func set(_ entries: [String]) {
            strings.forEach { free($0) }
            strings = entries.map { strdup($0)! }
            for (index, string) in strings.enumerated() { array[index] = string }
            array[strings.count] = nil
        }

        deinit {
            strings.forEach { free($0) }
            array.deallocate()
        }
    }

    @Test func valuesAreMadeOnceWhileTheEntriesStayTheSame() {
        let entries = Entries(["LANG=de_DE.UTF-8", "TERM=xterm", "PATH=/bin"])
        let snapshot = EnvironmentSnapshot()
        #expect(snapshot.values(of: entries.array) == ["LANG": "de_DE.UTF-8", "TERM": "xterm", "PATH": "/bin"])
        #expect(snapshot.values(of: entries.array)["TERM"] == "xterm")
        #expect(snapshot.made.load(ordering: .relaxed) == 1)
    }

    @Test func everyKindOfChangeIsSeen() {
        let entries = Entries(["LANG=de_DE.UTF-8", "TERM=xterm"])
        let snapshot = EnvironmentSnapshot()
        _ = snapshot.values(of: entries.array)
        // A value changed in place, same length (a string given to putenv, edited).
        entries.strings[1][5] = CChar(UInt8(ascii: "X"))
        #expect(snapshot.values(of: entries.array)["TERM"] == "Xterm")
        // A value longer, then shorter.
        entries.set(["LANG=de_DE.UTF-8", "TERM=xterm-256color"])
        #expect(snapshot.values(of: entries.array)["TERM"] == "xterm-256color")
        entries.set(["LANG=de_DE.UTF-8", "TERM=vt"])
        #expect(snapshot.values(of: entries.array)["TERM"] == "vt")
        // An entry added, then removed.
        entries.set(["LANG=de_DE.UTF-8", "TERM=vt", "NO_COLOR=1"])
        #expect(snapshot.values(of: entries.array)["NO_COLOR"] == "1")
        entries.set(["LANG=de_DE.UTF-8", "TERM=vt"])
        #expect(snapshot.values(of: entries.array)["NO_COLOR"] == nil)
        _ = snapshot.values(of: entries.array)
        #expect(snapshot.made.load(ordering: .relaxed) == 6)
    }

    @Test func theFirstOfDuplicatesWinsAndEntriesWithoutEqualsAreSkipped() {
        let entries = Entries(["LANG=fr_FR.UTF-8", "NOEQUALS", "LANG=de_DE.UTF-8", "EMPTY="])
        #expect(EnvironmentSnapshot().values(of: entries.array) == ["LANG": "fr_FR.UTF-8", "EMPTY": ""])
    }

    @Test func theProcessEnvironmentIsRead() {
        #expect(Environment.all["PATH"] == Environment.value("PATH"))
    }
}
