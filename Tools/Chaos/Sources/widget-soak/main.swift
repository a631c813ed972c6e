#if canImport(Glibc)
import Glibc
#endif
import Foundation

// widget-soak: a chaos soak of `widget-host run` (Tools/Chaos/README.md). Prints the report, writes it
// as JSON beside the host's files (soak-report.json), and exits 1 if any promise broke.
do {
    let options = try SoakOptions.parse(Array(CommandLine.arguments.dropFirst()))
    let report = try Soak(options: options).run()
    print(report.text)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(report).write(to: options.folder.appendingPathComponent("soak-report.json"))
    exit(report.passed ? 0 : 1)
} catch let error as SoakError {
    FileHandle.standardError.write(Data("widget-soak: \(error)\n".utf8))
    if case .usage = error { exit(2) }
    exit(1)
} catch {
    FileHandle.standardError.write(Data("widget-soak: \(error)\n".utf8))
    exit(1)
}
