import A11yDevices
import A11yVocabulary

/// The controls' labels in contracted braille when BRLTTY's literary braille preference is on,
/// with the table its preferences name (or the session's own, `SessionOptions.brailleTable`).
///
/// Contracts once per change of the preferences, never on the key path; the contractor of the
/// last table is kept. A table liblouis cannot use is reported once and computer braille is
/// shown instead.
struct LabelContraction {
    /// The table that overrides BRLTTY's (`--braille-table`).
    var override: String?
    private var contractor: (name: String, contractor: BrailleContractor?)?
    private var reported: Set<String> = []

    init(override: String?) {
        self.override = override
    }

    /// The labels' contracted cells (empty: computer braille).
    mutating func contractions(of labels: [String], preferences: BraillePreferences,
                               report: (String) -> Void) -> [String: ContractedText] {
        guard preferences.literaryBraille else { return [:] }
        let name = override ?? preferences.literaryBrailleTable
        if contractor?.name != name {
            do {
                contractor = (name, try BrailleContractor(table: name))
            } catch {
                contractor = (name, nil)
                if reported.insert(name).inserted {
                    report("braille: \(error) (literary braille table); using computer braille")
                }
            }
        }
        guard let active = contractor?.contractor else { return [:] }
        var result: [String: ContractedText] = [:]
        for label in Set(labels) where !label.isEmpty {
            if let cells = active.contract(label) { result[label] = cells }
        }
        return result
    }
}
