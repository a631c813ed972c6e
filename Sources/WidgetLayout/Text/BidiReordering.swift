/// Puts a laid-out line of mixed-direction text into the order it is drawn: Hebrew and Arabic read
/// right to left, and Latin words and numbers inside them left to right. A simplified form of the
/// Unicode Bidirectional Algorithm (UAX #9) for one paragraph level, with no explicit embeddings:
/// strong letters set the direction, numbers read left to right, neutrals between two runs of one
/// direction take it (else the paragraph's), and mirrored brackets face the way they are read.
enum BidiReordering {
    enum Direction { case ltr, rtl }

    private enum Class { case left, right, number, neutral }

    private static func bidiClass(_ scalar: Unicode.Scalar) -> Class {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return .right
        case 0x30...0x39, 0x0660...0x0669, 0x06F0...0x06F9: return .number
        default: return scalar.properties.isAlphabetic ? .left : .neutral
        }
    }

    /// Whether `text` needs reordering at all: it holds a right-to-left letter.
    static func hasRightToLeft(_ text: Substring) -> Bool {
        text.unicodeScalars.contains { bidiClass($0) == .right }
    }

    /// The paragraph's direction: that of its first strong letter, else `fallback`.
    static func paragraphDirection(_ text: String, fallback: Direction) -> Direction {
        for scalar in text.unicodeScalars {
            switch bidiClass(scalar) {
            case .left: return .ltr
            case .right: return .rtl
            case .number, .neutral: continue
            }
        }
        return fallback
    }

    /// The visual order of `characters` (with whatever each carries) in a paragraph of `direction`:
    /// embedding levels resolved, then every run at or above each odd level reversed, highest first.
    static func visualOrder<Tag>(_ characters: [(Character, Tag)], direction: Direction) -> [(Character, Tag)] {
        let base = direction == .rtl ? 1 : 0
        let classes = characters.map { $0.0.unicodeScalars.first.map(bidiClass) ?? .neutral }
        var levels = [Int](repeating: base, count: characters.count)
        // Strong letters and numbers.
        for (i, c) in classes.enumerated() {
            switch c {
            case .right: levels[i] = 1
            case .left: levels[i] = base == 0 ? 0 : 2
            case .number: levels[i] = base == 0 ? (previousStrong(classes, before: i) == .right ? 2 : 0) : 2
            case .neutral: continue
            }
        }
        // Neutrals take the direction of the strong text on both sides (numbers count as right to
        // left there), else the paragraph's.
        var i = 0
        while i < classes.count {
            guard classes[i] == .neutral else { i += 1; continue }
            var end = i
            while end < classes.count && classes[end] == .neutral { end += 1 }
            let before = i > 0 ? rightward(classes[i - 1]) : direction == .rtl
            let after = end < classes.count ? rightward(classes[end]) : direction == .rtl
            let level = before == after ? (before ? 1 : (base == 0 ? 0 : 2)) : base
            for k in i..<end { levels[k] = level }
            i = end
        }
        var order = Array(characters.indices)
        let highest = levels.max() ?? 0
        var level = highest
        while level >= 1 {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else { start += 1; continue }
                var end = start
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order.map { index in
            let (character, tag) = characters[index]
            return (levels[index] % 2 == 1 ? mirrored(character) : character, tag)
        }
    }

    private static func rightward(_ c: Class) -> Bool { c == .right || c == .number }

    private static func previousStrong(_ classes: [Class], before index: Int) -> Class? {
        classes[..<index].last { $0 == .left || $0 == .right }
    }

    /// Brackets read right to left face the other way.
    private static func mirrored(_ c: Character) -> Character {
        switch c {
        case "(": ")"
        case ")": "("
        case "[": "]"
        case "]": "["
        case "{": "}"
        case "}": "{"
        case "<": ">"
        case ">": "<"
        case "«": "»"
        case "»": "«"
        default: c
        }
    }
}
