import Foundation

/// `--json`: a command's result as one JSON document on standard output, keys sorted so that the
/// same result is the same text, for scripts to read instead of the lines written for people.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws(CommandFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            FileHandle.standardOutput.write(try encoder.encode(value) + Data("\n".utf8))
        } catch {
            throw CommandFailure("cannot write the result as JSON: \(error)")
        }
    }
}
