import Foundation
import WidgetScheduling

/// A decision as one line of JSON, byte for byte what `JSONEncoder` with sorted keys writes, but
/// written straight into memory: a month of a thousand widgets is millions of lines, so a line is
/// written through a pointer into room measured beforehand, and reaches the array in one copy.
public enum ScheduleEventLine {
    /// Appends `event` and a newline to `out`.
    public static func append(_ event: ScheduleEvent, to out: inout [UInt8]) {
        let room = maximumLength(of: event)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            guard let base = buffer.baseAddress else { return }
            var line = LineCursor(base)
            write(event, to: &line)
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: line.count))
        }
    }

    /// No line of `event` is longer: every fixed part, each string escaped at six bytes a byte, and
    /// each number at its longest.
    static func maximumLength(of event: ScheduleEvent) -> Int {
        var strings = event.instance.utf8.count
        if case .failure(let message) = event.detail { strings += message.utf8.count }
        return 320 + 6 * strings
    }

    private static func write(_ event: ScheduleEvent, to line: inout LineCursor) {
        line.write(#"{"budgetLeft":"#)
        line.writeInteger(event.budgetLeft)
        if let cause = event.cause {
            line.write(#","cause":"#)
            line.write(quoted(cause))
        }
        if let detail = event.detail {
            line.write(#","detail":"#)
            writeDetail(detail, to: &line)
        }
        line.write(#","instance":"#)
        line.writeString(event.instance)
        line.write(#","outcome":"#)
        line.write(quoted(event.outcome))
        line.write(#","time":"#)
        line.writeNumber(event.time)
        if let until = event.until {
            line.write(#","until":"#)
            line.writeNumber(until)
        }
        line.write("}\n")
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
        case .push: #""push""#
        case .animation: #""animation""#
        case .standBy: #""standBy""#
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
        case .flagged: #""flagged""#
        }
    }

    private static func writeDetail(_ detail: ScheduleEvent.Detail, to line: inout LineCursor) {
        switch detail {
        case .timeline(let entries, let policy):
            line.write(byte: UInt8(ascii: "\""))
            line.writeInteger(entries)
            switch policy {
            case .atEnd: line.write(#" entries, policy atEnd""#)
            case .never: line.write(#" entries, policy never""#)
            case .after(let seconds):
                line.write(" entries, policy after +")
                line.writeInteger(seconds)
                line.write(#"s""#)
            }
        case .budgetSpent: line.write(#""daily budget spent""#)
        case .tooSoon: line.write(#""too soon after the last reload""#)
        case .joinsWaitingRequest: line.write(#""joins the request already waiting""#)
        case .failure(let message): line.writeString(message)
        case .coalesced: line.write(#""coalesced with other widgets' reloads""#)
        case .notVisible: line.write(#""postponed until the page is viewed""#)
        case .closeEntries(let seconds):
            line.write(#""entries "#)
            line.writeInteger(seconds)
            line.write(#" s apart: less than about 5 minutes""#)
        }
    }
}

/// Where the next byte of a line goes, in room the caller has measured (`maximumLength(of:)`).
struct LineCursor {
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    mutating func write(byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// A literal, copied from its static storage.
    mutating func write(_ text: StaticString) {
        (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        (base + count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    mutating func writeInteger(_ value: Int) {
        guard value != 0 else { return write(byte: UInt8(ascii: "0")) }
        if value < 0 { write(byte: UInt8(ascii: "-")) }
        var digits = 0
        var rest = value.magnitude
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        rest = value.magnitude
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            base[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += digits
    }

    /// Shortest round-trip digits, as `JSONEncoder` writes them: whole numbers without `.0`.
    mutating func writeNumber(_ value: Double) {
        if value.rounded(.towardZero) == value, abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            return writeInteger(Int(value))
        }
        if writeFewDecimals(value) { return }
        // The standard library's shortest digits, the text of `description`, handed over as bytes.
        var digits = NumberDigits(line: self)
        value.write(to: &digits)
        self = digits.line
        if count >= 2, base[count - 2] == UInt8(ascii: "."), base[count - 1] == UInt8(ascii: "0") { count -= 2 }
    }

    /// Times in a log often have a few decimals (jittered seconds): when one to four decimals give
    /// back exactly `value`, they are its shortest digits, written without making a `String`. From 1 to
    /// 1e9 a double's spacing is below 1e-4 / 2, so at most one such decimal exists for each count
    /// of decimals, and it is the one `description` writes.
    private mutating func writeFewDecimals(_ value: Double) -> Bool {
        let magnitude = abs(value)
        guard magnitude >= 1, magnitude < 1e9 else { return false }
        var scale = 1.0
        for decimals in 1...4 {
            scale *= 10
            let scaled = (magnitude * scale).rounded()
            // Division of two exact doubles rounds once: this is what parsing the decimal gives.
            guard scaled / scale == magnitude else { continue }
            let units = Int(scaled), divisor = Int(scale)
            if value < 0 { write(byte: UInt8(ascii: "-")) }
            writeInteger(units / divisor)
            write(byte: UInt8(ascii: "."))
            var fraction = units % divisor, digitScale = divisor / 10
            for _ in 0..<decimals {
                write(byte: UInt8(ascii: "0") + UInt8(fraction / digitScale))
                fraction %= digitScale
                digitScale /= 10
            }
            return true
        }
        return false
    }

    /// JSON string escaping as `JSONEncoder` does it, forward slash included.
    mutating func writeString(_ value: String) {
        write(byte: UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            // Names and details rarely need escaping: copy them whole.
            if bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "/") }) {
                writeEscaped(bytes)
            } else {
                write(bytes)
            }
        }
        write(byte: UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): write(#"\""#)
            case UInt8(ascii: "\\"): write(#"\\"#)
            case UInt8(ascii: "/"): write(#"\/"#)
            case 0x08: write(#"\b"#)
            case 0x0C: write(#"\f"#)
            case 0x0A: write(#"\n"#)
            case 0x0D: write(#"\r"#)
            case 0x09: write(#"\t"#)
            case 0..<0x20:
                write(#"\u00"#)
                write(byte: Self.hexDigit(byte >> 4))
                write(byte: Self.hexDigit(byte & 0xF))
            default: write(byte: byte)
            }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

/// Where `Double.write(to:)` puts a number's digits: straight into the line. The standard library
/// formats a number into bytes and hands them to `_writeASCII`, which by default makes a `String` of
/// them first; a time in a month's log is often 17 digits, past what a `String` holds without
/// allocating, so each such number cost an allocation and a copy.
private struct NumberDigits: TextOutputStream {
    var line: LineCursor

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { line.write($0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { line.write(buffer) }
}
