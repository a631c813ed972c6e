/// Arabic letters in the forms their neighbours call for: a letter that joins the one before it
/// and the one after it is drawn in its medial form, and so on (Unicode's joining types, and the
/// Arabic Presentation Forms-B block, which the usual fonts draw). Without it every letter is drawn
/// alone, unjoined. The basic Arabic alphabet (U+0621–U+064A) is shaped, lam followed by alef
/// becomes their ligature, and marks are passed over when finding neighbours; other alphabets'
/// letters are left as they are.
enum ArabicShaping {
    private enum Joining { case none, right, dual, causing, transparent }

    /// Each basic letter's forms in Presentation Forms-B: the first (isolated) form's scalar and how
    /// many forms follow it (isolated, final, then initial and medial for dual-joining letters).
    private static let forms: [UInt32: (first: UInt32, count: Int)] = {
        // Letters in order from U+0621 (hamza), with their number of forms; U+063B–U+0640 are not
        // in the block, so the run restarts at U+0641.
        let counts: [(UInt32, [Int])] = [
            (0x0621, [1, 2, 2, 2, 2, 4, 2, 4, 2, 4, 4, 4, 4, 4, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4]),
            (0x0641, [4, 4, 4, 4, 4, 4, 4, 2, 2, 4]),
        ]
        var table: [UInt32: (UInt32, Int)] = [:]
        var next: UInt32 = 0xFE80
        for (start, letters) in counts {
            for (offset, count) in letters.enumerated() {
                table[start + UInt32(offset)] = (next, count)
                next += UInt32(count)
            }
        }
        return table
    }()

    private static func joining(_ v: UInt32) -> Joining {
        switch v {
        case 0x0640: return .causing
        case 0x064B...0x065F, 0x0670: return .transparent
        default:
            guard let form = forms[v] else { return .none }
            return form.count == 4 ? .dual : form.count == 2 ? .right : .none
        }
    }

    /// The isolated lam–alef ligature for each alef (the final one follows it).
    private static let lamAlef: [UInt32: UInt32] = [0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB]

    private static func nextLetter(after i: Int, _ types: [Joining]) -> Int? {
        var j = i + 1
        while j < types.count {
            if types[j] != .transparent { return j }
            j += 1
        }
        return nil
    }

    /// Whether `text` holds a letter this shapes.
    static func needsShaping(_ text: String) -> Bool { text.unicodeScalars.contains { forms[$0.value] != nil } }

    /// `text` with each basic Arabic letter replaced by its contextual presentation form.
    static func shaped(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let types = scalars.map { joining($0.value) }
        func neighbour(_ i: Int, step: Int) -> Joining? {
            var j = i + step
            while j >= 0 && j < scalars.count {
                if types[j] != .transparent { return types[j] }
                j += step
            }
            return nil
        }
        var out = String.UnicodeScalarView()
        var skipped: Int?
        for (i, scalar) in scalars.enumerated() {
            if i == skipped { continue }
            guard let form = forms[scalar.value], types[i] == .dual || types[i] == .right else { out.append(scalar); continue }
            let before = neighbour(i, step: -1), after = neighbour(i, step: 1)
            // Lam then alef: one ligature, final when the lam joins the letter before it.
            if scalar.value == 0x0644, let j = nextLetter(after: i, types), let ligature = lamAlef[scalars[j].value],
               let glyph = Unicode.Scalar(ligature + (before == .dual || before == .causing ? 1 : 0)) {
                out.append(glyph)
                for k in (i + 1)..<j { out.append(scalars[k]) }
                skipped = j
                continue
            }
            let joinsBefore = before == .dual || before == .causing
            let joinsAfter = types[i] == .dual && (after == .dual || after == .right || after == .causing)
            // Forms: 0 isolated, 1 final, 2 initial, 3 medial.
            let index = joinsBefore && joinsAfter ? 3 : joinsBefore ? 1 : joinsAfter ? 2 : 0
            out.append(Unicode.Scalar(form.first + UInt32(min(index, form.count - 1))) ?? scalar)
        }
        return String(out)
    }
}
