import Foundation

/// A decision as one line of JSON, byte for byte what `JSONEncoder` with sorted keys writes, but
/// without its per-value boxing: a month of a thousand widgets is millions of lines.
public enum ScheduleEventLine {
    /// Appends `event` and a newline to `out`.
    public static func append(_ event: ScheduleEvent, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"budgetLeft":"#.utf8)
        out.append(contentsOf: String(event.budgetLeft).utf8)
        if let cause = event.cause {
            out.append(contentsOf: #","cause":"#.utf8)
            appendString(cause.rawValue, to: &out)
        }
        if let detail = event.detail {
            out.append(contentsOf: #","detail":"#.utf8)
            appendString(detail, to: &out)
        }
        out.append(contentsOf: #","instance":"#.utf8)
        appendString(event.instance, to: &out)
        out.append(contentsOf: #","outcome":"#.utf8)
        appendString(event.outcome.rawValue, to: &out)
        out.append(contentsOf: #","time":"#.utf8)
        appendNumber(event.time, to: &out)
        if let until = event.until {
            out.append(contentsOf: #","until":"#.utf8)
            appendNumber(until, to: &out)
        }
        out.append(contentsOf: "}\n".utf8)
    }

    /// Shortest round-trip digits, as `JSONEncoder` writes them: whole numbers without `.0`.
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        let text = value.description
        out.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
    }

    /// JSON string escaping as `JSONEncoder` does it, forward slash included.
    static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Names and details rarely need escaping: copy them whole.
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "/") }) else {
            out.append(contentsOf: value.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "/"): out.append(contentsOf: #"\/"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
