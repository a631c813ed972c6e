import Foundation

/// A decision as one line of JSON, byte for byte what `JSONEncoder` with sorted keys writes, but
/// written straight into a byte buffer: a month of a thousand widgets is millions of lines.
public enum ScheduleEventLine {
    /// Appends `event` and a newline to `out`.
    public static func append(_ event: ScheduleEvent, to out: inout [UInt8]) {
        appendStatic(#"{"budgetLeft":"#, to: &out)
        appendInteger(event.budgetLeft, to: &out)
        if let cause = event.cause {
            appendStatic(#","cause":"#, to: &out)
            appendStatic(quoted(cause), to: &out)
        }
        if let detail = event.detail {
            appendStatic(#","detail":"#, to: &out)
            appendDetail(detail, to: &out)
        }
        appendStatic(#","instance":"#, to: &out)
        appendString(event.instance, to: &out)
        appendStatic(#","outcome":"#, to: &out)
        appendStatic(quoted(event.outcome), to: &out)
        appendStatic(#","time":"#, to: &out)
        appendNumber(event.time, to: &out)
        if let until = event.until {
            appendStatic(#","until":"#, to: &out)
            appendNumber(until, to: &out)
        }
        appendStatic("}\n", to: &out)
    }

    /// A literal, copied from its static storage (no `String` in between).
    @inline(__always)
    static func appendStatic(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func quoted(_ cause: ReloadCause) -> StaticString {
        switch cause {
        case .policy: #""policy""#
        case .appBackground: #""appBackground""#
        case .appForeground: #""appForeground""#
        case .interaction: #""interaction""#
        case .configurationChange: #""configurationChange""#
        case .systemChange: #""systemChange""#
        case .initial: #""initial""#
        }
    }

    static func quoted(_ outcome: ScheduleEvent.Outcome) -> StaticString {
        switch outcome {
        case .granted: #""granted""#
        case .exempt: #""exempt""#
        case .deferred: #""deferred""#
        case .resumed: #""resumed""#
        case .shown: #""shown""#
        case .failed: #""failed""#
        }
    }

    static func appendDetail(_ detail: ScheduleEvent.Detail, to out: inout [UInt8]) {
        switch detail {
        case .timeline(let entries, let policy):
            out.append(UInt8(ascii: "\""))
            appendInteger(entries, to: &out)
            switch policy {
            case .atEnd: appendStatic(#" entries, policy atEnd""#, to: &out)
            case .never: appendStatic(#" entries, policy never""#, to: &out)
            case .after(let seconds):
                appendStatic(" entries, policy after +", to: &out)
                appendInteger(seconds, to: &out)
                appendStatic(#"s""#, to: &out)
            }
        case .budgetSpent: appendStatic(#""daily budget spent""#, to: &out)
        case .tooSoon: appendStatic(#""too soon after the last reload""#, to: &out)
        case .joinsWaitingRequest: appendStatic(#""joins the request already waiting""#, to: &out)
        case .failure(let message): appendString(message, to: &out)
        }
    }

    static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        guard value != 0 else { return out.append(UInt8(ascii: "0")) }
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            out.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// Shortest round-trip digits, as `JSONEncoder` writes them: whole numbers without `.0`.
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        if value.rounded(.towardZero) == value, abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            return appendInteger(Int(value), to: &out)
        }
        let text = value.description
        out.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
    }

    /// JSON string escaping as `JSONEncoder` does it, forward slash included.
    static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Names and details rarely need escaping: copy them whole.
        let plain = value.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "/") }
        }
        if plain == true {
            out.append(contentsOf: value.utf8)
        } else {
            appendEscaped(value, to: &out)
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ value: String, to out: inout [UInt8]) {
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): appendStatic(#"\""#, to: &out)
            case UInt8(ascii: "\\"): appendStatic(#"\\"#, to: &out)
            case UInt8(ascii: "/"): appendStatic(#"\/"#, to: &out)
            case 0x08: appendStatic(#"\b"#, to: &out)
            case 0x0C: appendStatic(#"\f"#, to: &out)
            case 0x0A: appendStatic(#"\n"#, to: &out)
            case 0x0D: appendStatic(#"\r"#, to: &out)
            case 0x09: appendStatic(#"\t"#, to: &out)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                appendStatic(#"\u00"#, to: &out)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
    }
}
