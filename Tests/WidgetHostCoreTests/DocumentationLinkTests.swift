import Foundation
import XCTest

/// The README and the pages it maps link to each other and to files of the repository: every such
/// link must lead somewhere, and a link to a heading (`page.md#a-heading`) to a heading that exists.
final class DocumentationLinkTests: XCTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func pages() throws -> [URL] {
        let docs = repository.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        return ["README.md", "Extensions/COMPATIBILITY.md", "Archives/FORMAT.md", "Tools/Benchmarks/README.md", "Tests/Corpus/README.md"]
            .map(repository.appendingPathComponent) + names.sorted().map(docs.appendingPathComponent)
    }

    /// `[text](target)` outside code spans and fences, for targets that are not web addresses.
    static func links(in text: String) -> [String] {
        var found: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence else { continue }
            let outsideCode = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            for part in outsideCode {
                var rest = Substring(part)
                while let close = rest.range(of: "](") {
                    let tail = rest[close.upperBound...]
                    guard let end = tail.firstIndex(of: ")") else { break }
                    let target = String(tail[..<end])
                    if !target.hasPrefix("http"), !target.hasPrefix("mailto:") { found.append(target) }
                    rest = tail[end...]
                }
            }
        }
        return found
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { c -> Character? in
            if c == " " { return "-" }
            return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
        })
    }

    func testEveryLinkLeadsToAFileAndHeadingThatExist() throws {
        var broken: [String] = []
        for page in try pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            for link in Self.links(in: text) {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                guard FileManager.default.fileExists(atPath: target.path) else {
                    broken.append("\(page.lastPathComponent): \(link) (no such file)")
                    continue
                }
                guard parts.count == 2, target.pathExtension == "md" else { continue }
                let headings = try String(contentsOf: target, encoding: .utf8).split(separator: "\n")
                    .filter { $0.hasPrefix("#") }.map { Self.anchor($0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)) }
                if !headings.contains(parts[1]) { broken.append("\(page.lastPathComponent): \(link) (no such heading)") }
            }
        }
        XCTAssertEqual(broken, [])
    }

    /// Each DocC catalogue's symbol links (``` ``Name`` ```, ``` ``Name/member`` ```) name a public
    /// declaration of its module, and its article links (`<doc:Name>`) an article of the catalogue.
    func testDocCLinksNameWhatTheModuleDeclares() throws {
        for module in ["WidgetTesting", "WidgetKit"] {
            let sources = repository.appendingPathComponent("Sources/\(module)")
            let catalogue = sources.appendingPathComponent("\(module).docc")
            let articles = try FileManager.default.contentsOfDirectory(atPath: catalogue.path).filter { $0.hasSuffix(".md") }
            XCTAssertFalse(articles.isEmpty, module)
            var declared = ""
            for case let path as String in FileManager.default.enumerator(atPath: sources.path) ?? NSEnumerator() where path.hasSuffix(".swift") {
                declared += try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            }
            for article in articles {
                let text = try String(contentsOf: catalogue.appendingPathComponent(article), encoding: .utf8)
                for match in text.matches(of: /``([A-Za-z_]+)(?:\/([A-Za-z_]+)[^`]*)?``/) {
                    let (type, member) = (String(match.1), match.2.map(String.init))
                    if type == module { continue }
                    XCTAssertNotNil(declared.firstMatch(of: try Regex("public (final )?(struct|class|enum|protocol|func) \(type)\\b")), "\(article): ``\(type)``")
                    if let member { XCTAssertTrue(declared.contains("func \(member)(") || declared.contains("var \(member)"), "\(article): ``\(type)/\(member)``") }
                }
                for match in text.matches(of: /<doc:([A-Za-z]+)>/) {
                    XCTAssertTrue(articles.contains("\(match.1).md"), "\(article): <doc:\(match.1)>")
                }
            }
        }
    }

    /// A code fence left open turns the rest of a page into code: every page closes each one it opens.
    func testEveryCodeFenceIsClosed() throws {
        for page in try pages() {
            let fences = try String(contentsOf: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { $0.drop { $0 == " " }.hasPrefix("```") }
            XCTAssertEqual(fences.count % 2, 0, "\(page.lastPathComponent): an unclosed code fence")
        }
    }

    func testTheReadmeStaysAnIntroduction() throws {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("swift run widget-host demo"))
        XCTAssertTrue(readme.contains("swift test"))
        XCTAssertLessThan(readme.utf8.count, 12_000, "reference material belongs in docs/")
        XCTAssertEqual(Self.links(in: "a [b](c.md) `[d](e)` [f](https://x) [g](h#i)"), ["c.md", "h#i"])
    }
}
