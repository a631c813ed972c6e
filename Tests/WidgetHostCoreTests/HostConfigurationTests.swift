import Foundation
import HostTestSupport
import WidgetHostCore
import WidgetStore
import XCTest

/// `run`'s configuration file, refused for what is wrong with it: each problem a value naming the
/// instance, extension or stack it is about, and the words the command line prints.
final class HostConfigurationTests: XCTestCase {
    private func problem(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> (ConfigurationProblem, String)? {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("host.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try HostConfiguration.load(path: path)
            XCTFail("accepted: \(json)", file: file, line: line)
            return nil
        } catch .configuration(let at, let problem) {
            XCTAssertEqual(at, path, file: file, line: line)
            return (problem, "\(HostError.configuration(path: at, problem))")
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    private func instance(_ id: String, _ executable: String, placement: String? = nil) -> String {
        #"{"id": "\#(id)", "extension": "\#(executable)", "kind": "K", "family": "systemSmall"\#(placement.map { #", "placement": "\#($0)""# } ?? "")}"#
    }

    func testEachProblemIsNamedWithWhatItIsAbout() throws {
        let sh = "/bin/sh"
        let cases: [(String, ConfigurationProblem, String)] = [
            (#"{"instances": [\#(instance("a", sh)), \#(instance("a", sh))]}"#, .instanceUsedTwice(id: "a"), "instance id a is used twice"),
            (#"{"instances": [\#(instance("a", sh, placement: "ceiling"))]}"#, .unknownPlacement(instance: "a", placement: "ceiling"),
             "instance a: unknown placement ceiling"),
            (#"{"instances": [\#(instance("a", "/no/such/program"))]}"#, .notExecutable(instance: "a", path: "/no/such/program"),
             "instance a: /no/such/program is not an executable file"),
            (#"{"instances": [], "extensions": ["/no/such/program"]}"#, .notExecutable(instance: nil, path: "/no/such/program"),
             "extension /no/such/program is not an executable file"),
            (#"{"instances": [\#(instance("a", sh))], "readPaths": {"sh": ["/no/such/file"]}}"#,
             .readPathMissing(extensionID: "sh", path: "/no/such/file"), "readPaths of sh: /no/such/file does not exist"),
            (#"{"instances": [\#(instance("a", sh))], "stacks": [{"id": "s", "members": []}]}"#, .emptyStack(id: "s"), "stack s has no members"),
            (#"{"instances": [\#(instance("a", sh))], "stacks": [{"id": "s", "members": ["b"]}]}"#,
             .unknownStackMember(stack: "s", member: "b"), "stack s: no instance b"),
            (#"{"instances": []}"#, .nothingToRun, "no instances and no extensions"),
        ]
        for (json, expected, words) in cases {
            guard let (problem, text) = try self.problem(json) else { continue }
            XCTAssertEqual(problem, expected, json)
            XCTAssertTrue(text.hasSuffix(": \(words)"), text)
        }
    }

    func testAFileThatIsMissingOrNotJSONIsRefusedAsSuch() throws {
        let dir = try temporaryDirectory(self)
        let missing = dir.appendingPathComponent("absent.json").path
        XCTAssertThrowsError(try HostConfiguration.load(path: missing)) { error in
            XCTAssertEqual(error as? HostError, .configuration(path: missing, .noSuchFile))
            XCTAssertEqual("\(error)", "configuration \(missing): no such file")
        }
        guard let (problem, text) = try problem("{not json") else { return }
        guard case .notValid(nil, _) = problem else { return XCTFail("\(problem)") }
        XCTAssertTrue(text.contains(": not valid: "), text)
    }
}
