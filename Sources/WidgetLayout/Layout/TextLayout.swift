import Foundation
import WidgetArchive

/// Wraps styled text into lines within a width, honouring line limits, truncation with an ellipsis
/// and `minimumScaleFactor`. Pure: the same input always gives the same lines.
struct TextLayout {
    struct Piece {
        var run: Int
        var text: Substring
        var width: Double
    }
    struct Line {
        var pieces: [Piece]
        var width: Double { pieces.reduce(0) { $0 + $1.width } }
    }
    var lines: [Line]
    var scale: Double
    var truncated: Bool
    var lineHeight: Double
    var size: Size { Size(width: lines.map(\.width).max() ?? 0, height: Double(max(lines.count, 1)) * lineHeight) }

    static func measure(_ text: StyledText, run: Int, _ s: Substring, scale: Double) -> Double {
        let r = text.runs[run]
        return TextMetrics.width(s, size: r.size * scale, weight: r.weight, design: r.design, widthFactor: r.widthFactor, spacing: r.spacing * scale)
    }

    /// Lays out at the largest scale in [minimumScaleFactor, 1] that avoids truncation.
    static func layout(_ text: StyledText, proposal: ProposedSize) -> TextLayout {
        let first = layout(text, proposal: proposal, scale: 1)
        guard first.truncated, text.minimumScaleFactor < 1 else { return first }
        var scale = 1.0
        var best = first
        while scale - 0.02 >= text.minimumScaleFactor - 1e-9 {
            scale -= 0.02
            best = layout(text, proposal: proposal, scale: scale)
            if !best.truncated { return best }
        }
        return layout(text, proposal: proposal, scale: max(text.minimumScaleFactor, 0.01))
    }

    static func layout(_ text: StyledText, proposal: ProposedSize, scale: Double) -> TextLayout {
        let lineHeight = TextMetrics.lineHeight(size: text.maxSize * scale)
        let maxWidth = proposal.width ?? .infinity
        var maxLines = text.lineLimit ?? Int.max
        if let h = proposal.height, h.isFinite, lineHeight > 0 {
            maxLines = min(maxLines, max(1, Int(min(1e9, (h + 0.001) / lineHeight))))
        }

        // Tokens: words with their trailing spaces, per run; explicit newlines break lines.
        var lines: [Line] = [Line(pieces: [])]
        var x = 0.0
        var truncated = false

        func newLine() { lines.append(Line(pieces: [])); x = 0 }

        outer: for (index, run) in text.runs.enumerated() {
            var rest = Substring(run.text)
            while !rest.isEmpty {
                if rest.first == "\n" {
                    newLine()
                    rest = rest.dropFirst()
                    continue
                }
                // Next token: non-space characters plus following spaces.
                var end = rest.startIndex
                while end < rest.endIndex && rest[end] != " " && rest[end] != "\n" { end = rest.index(after: end) }
                while end < rest.endIndex && rest[end] == " " { end = rest.index(after: end) }
                let token = rest[rest.startIndex..<end]
                rest = rest[end...]
                let trimmed = token.drop(while: { _ in false })
                var w = measure(text, run: index, trimmed, scale: scale)
                let visibleWidth = measure(text, run: index, trimmed.trimmingTrailingSpaces, scale: scale)
                if x + visibleWidth > maxWidth + 0.001 && x > 0 {
                    newLine()
                }
                if visibleWidth > maxWidth + 0.001 {
                    // A word longer than the line: break it by characters.
                    var chunk = Substring()
                    var chunkWidth = 0.0
                    for ch in trimmed {
                        let cw = measure(text, run: index, Substring(String(ch)), scale: scale)
                        if chunkWidth + cw > maxWidth + 0.001 && !chunk.isEmpty {
                            lines[lines.count - 1].pieces.append(Piece(run: index, text: chunk, width: chunkWidth))
                            newLine()
                            chunk = Substring()
                            chunkWidth = 0
                        }
                        chunk.append(ch)
                        chunkWidth += cw
                    }
                    lines[lines.count - 1].pieces.append(Piece(run: index, text: chunk, width: chunkWidth))
                    x = chunkWidth
                    continue
                }
                lines[lines.count - 1].pieces.append(Piece(run: index, text: trimmed, width: w))
                x += w
                w = 0
            }
            if lines.count > maxLines { break outer }
        }
        // Trailing spaces do not count at line ends.
        for i in lines.indices {
            if var last = lines[i].pieces.popLast() {
                last.text = last.text.trimmingTrailingSpaces
                last.width = measure(text, run: last.run, last.text, scale: scale)
                lines[i].pieces.append(last)
            }
        }
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            truncated = true
        }
        if let last = lines.last, last.width > maxWidth + 0.001 { truncated = true }
        if truncated, !lines.isEmpty {
            lines[lines.count - 1] = ellipsize(lines[lines.count - 1], text: text, maxWidth: maxWidth, scale: scale)
        }
        return TextLayout(lines: lines, scale: scale, truncated: truncated, lineHeight: lineHeight)
    }

    /// Shortens a line until it and an ellipsis fit.
    static func ellipsize(_ line: Line, text: StyledText, maxWidth: Double, scale: Double) -> Line {
        let run = line.pieces.last?.run ?? 0
        let ellipsisWidth = measure(text, run: run, "…", scale: scale)
        var pieces = line.pieces
        var width = line.width
        while width + ellipsisWidth > maxWidth + 0.001, var last = pieces.popLast() {
            width -= last.width
            if last.text.count > 1 {
                last.text = last.text.dropLast()
                last.width = measure(text, run: last.run, last.text, scale: scale)
                pieces.append(last)
                width += last.width
            }
        }
        if var last = pieces.popLast() {
            last.text = last.text.trimmingTrailingSpaces + "…"
            last.width = measure(text, run: last.run, last.text, scale: scale)
            pieces.append(last)
        } else {
            pieces.append(Piece(run: run, text: "…", width: ellipsisWidth))
        }
        return Line(pieces: pieces)
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var s = self
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
