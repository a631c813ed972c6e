import Foundation
import HostTestSupport
import WidgetArchive
import WidgetArchiveGenerator
import WidgetControl
import WidgetHostCore
import WidgetLayout
import NetworkTestServer
import WidgetProcess
import WidgetScheduling
import WidgetStore
import XCTest

/// The `widget-host` executable as a user runs it: exit statuses, error messages, the running host
/// and its control socket.
final class CommandLineTests: XCTestCase {
    func testWrongArgumentsExitWithStatus2AndSaySo() throws {
        let unknown = try widgetHost(["frobnicate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown command frobnicate"))
        let missing = try widgetHost(["render", "x.wgar", "--out", "/tmp/x.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("missing --family"))
        let family = try widgetHost(["render", "x.wgar", "--family", "huge", "--out", "/tmp/x.json"])
        XCTAssertEqual(family.status, 2)
        XCTAssertTrue(family.stderr.contains("unknown family huge"))
        let option = try widgetHost(["inspect", "x.wgar", "--bogus", "1"])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stderr.contains("unknown option --bogus"))
        let sandbox = try widgetHost(["demo", "--sandbox", "chroot"])
        XCTAssertEqual(sandbox.status, 2)
        XCTAssertTrue(sandbox.stderr.contains("--sandbox must be none, basic or full (got chroot)"), sandbox.stderr)
    }

    /// The demo's summary lists what the extensions performed in their own processes, whatever the
    /// sandbox (inside a PID namespace an extension's own pid differs from the host's view of it).
    func testTheDemoReportsWhatTheExtensionsPerformed() throws {
        let store = try temporaryDirectory(self)
        let demo = try widgetHost(["demo", "--store", store.path])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        let summary = demo.stdout.components(separatedBy: "performed in the extensions' processes:").last ?? ""
        XCTAssertTrue(summary.contains("logged Espresso (64 mg)"), demo.stdout)
        XCTAssertTrue(summary.contains("toggled milk"), demo.stdout)
        // Its headline widget fetched through the host, answered from the project's recording.
        XCTAssertTrue(demo.stdout.contains("Headline widget: Headlines | Widgets fetch through the host"), demo.stdout)
        XCTAssertTrue(demo.stdout.contains("network: Headlines: GET https://headlines.example.com/today.json replayed: 200"), demo.stdout)
    }

    /// Absurd numbers are refused where they enter, before anything runs: none reaches a conversion
    /// that would trap or a multiplication that would wrap.
    func testAbsurdNumbersAreRefusedWithTheirRange() throws {
        let cases: [([String], String)] = [
            (["simulate", "--budget", "9223372036854775807"], "--budget must be a whole number from 0 to 86400"),
            (["simulate", "--days", "0"], "--days must be a whole number from 1 to 366"),
            (["run", "--config", "c.json", "--request-timeout", "inf"], "--request-timeout must be a number of seconds above 0 and at most 3600"),
            (["run", "--config", "c.json", "--duration", "1e300"], "--duration must be a number of seconds above 0"),
            (["run", "--config", "c.json", "--memory-limit", "17592186044416"], "--memory-limit must be a whole number from 1 to 1048576"),
            (["fuzz", "--seconds", "nan"], "--seconds must be a number of seconds above 0"),
            (["preview", "--extension", "x", "--out", "o", "--at", "2300-01-01T00:00:00Z"], "outside the dates widget-host runs extensions at"),
            (["inspect", "x.wgar", "--entry", "-1"], "--entry must be a whole number from 0"),
            (["simulate", "--coalesce", "99999"], "--coalesce must be a number of seconds from 0 to 3600 (got 99999)"),
            (["simulate", "--learning-days", "-3"], "--learning-days must be a whole number from 0 to 366"),
            (["run", "--config", "c.json", "--standby-refresh", "5"], "--standby-refresh must be a number of seconds from 60 to 86400"),
            (["simulate", "--close-entries", "nan"], "--close-entries must be a number of seconds from 0 to 86400"),
            (["push", "not-hex"], "push takes a TOKEN in hex, as status shows it (got not-hex)"),
            (["push"], "push needs exactly one of TOKEN or --rotate EXTENSION"),
            (["preview", "--extension", "x", "--out", "o", "--matrix", "--platforms", "tvOS"], "--platforms takes a list of iOS, iPadOS, macOS, watchOS, visionOS (got tvOS)"),
            (["preview", "--extension", "x", "--out", "o", "--platforms", "iOS"], "--platforms chooses the placements of --matrix"),
        ]
        for (args, message) in cases {
            let result = try widgetHost(args)
            XCTAssertEqual(result.status, 2, "\(args)")
            XCTAssertTrue(result.stderr.contains(message), "\(args): \(result.stderr.prefix(200))")
        }
    }

    /// Files are bounded by their size before they are read, and a configuration names an instance
    /// whose extension is missing before anything starts.
    func testOversizedFilesAreRefusedUnreadAndAMissingExtensionIsNamed() throws {
        let dir = try temporaryDirectory(self)
        let huge = dir.appendingPathComponent("huge.wgar")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 100 << 20)  // sparse: 100 MB on paper, nothing on disk
        try handle.close()
        let inspected = try widgetHost(["inspect", huge.path])
        XCTAssertEqual(inspected.status, 1)
        XCTAssertTrue(inspected.stderr.contains("is 104857600 bytes, more than the 33554432 such a file may have: refused unread"), inspected.stderr)

        let config = dir.appendingPathComponent("host.json")
        try Data(#"{"instances": [{"id": "x", "extension": "gone/Ext", "kind": "K", "family": "systemSmall"}]}"#.utf8).write(to: config)
        let run = try widgetHost(["run", "--config", config.path, "--socket", dir.appendingPathComponent("s").path, "--duration", "1"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("instance x: \(dir.appendingPathComponent("gone/Ext").path) is not an executable file"), run.stderr)
        let hugeConfig = dir.appendingPathComponent("huge.json")
        try FileManager.default.createSymbolicLink(at: hugeConfig, withDestinationURL: huge)
        let refused = try widgetHost(["simulate", "--scenario", hugeConfig.path, "--out", dir.appendingPathComponent("sim").path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("refused unread"), refused.stderr)
    }

    /// A small `.timeline` naming one large archive a thousand times: `inspect` stops at the node
    /// budget with a clear error, rather than writing without end.
    func testInspectOfAnAmplifyingTimelineStopsAtTheNodeBudget() throws {
        let t0 = Date(timeIntervalSince1970: 1_763_712_000)
        let large = ArchiveEncoder.encode(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0,
            root: .stack(StackNode(axis: .vertical, children: (0..<1_999).map { _ in .text(TextNode("x")) }))))
        let file = try temporaryDirectory(self).appendingPathComponent("amplifying.timeline")
        try Data(TimelineFileCodec.encode(StoredTimeline(
            extensionID: "E", kind: "K", family: .systemSmall, fetchedAt: t0, policy: .never, variants: [EnvironmentVariant()],
            entries: (0..<1_000).map { StoredTimeline.Entry(date: t0.addingTimeInterval(Double($0)), relevance: nil, archives: [large]) }))).write(to: file)
        let result = try widgetHost(["inspect", file.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("maximum nodes decoded across a timeline"), result.stderr)
        XCTAssertTrue(result.stderr.contains("entry 500 variant 0"), "2,000 nodes each: the budget runs out half way: \(result.stderr)")
    }

    /// A stored timeline of the caffeine example: the total rises and a drink pushes in.
    private func animatedTimeline(entries: Int = 2) throws -> URL {
        let t0 = Date(timeIntervalSince1970: 1_763_712_000)
        func archive(_ total: Int, _ drinks: [String]) -> [UInt8] {
            let rows = drinks.map { ViewNode.modified(.modified(.text(TextNode($0)), .identity($0)), .transition(.push(.bottom))) }
            let root = ViewNode.modified(.stack(StackNode(axis: .vertical, children: [.modified(.text(TextNode("\(total) mg")), .numericTextValue(Double(total)))] + rows)),
                                         .animation(AnimationValue(.smooth(duration: 1, extraBounce: 0)), valueDigest: UInt64(total)))
            return ArchiveEncoder.encode(WidgetArchiveValue(kind: "Caffeine", family: .systemSmall, entryDate: t0, root: root))
        }
        let archives = [archive(200, ["Latte"]), archive(264, ["Espresso", "Latte"])]
        let file = try temporaryDirectory(self).appendingPathComponent("caffeine.timeline")
        try Data(TimelineFileCodec.encode(StoredTimeline(
            extensionID: "E", kind: "Caffeine", family: .systemSmall, fetchedAt: t0, policy: .never, variants: [EnvironmentVariant()],
            entries: (0..<entries).map { StoredTimeline.Entry(date: t0.addingTimeInterval(Double($0) * 60), relevance: nil, archives: [archives[$0 % 2]]) }))).write(to: file)
        return file
    }

    func testAnimateWritesThePlanAnAnimatedPNGOrFrames() throws {
        let file = try animatedTimeline()
        let dir = try temporaryDirectory(self)
        let json = try widgetHost(["animate", file.path, "--family", "systemSmall", "--out", dir.appendingPathComponent("plan.json").path])
        XCTAssertEqual(json.status, 0, json.stderr)
        let plan = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("plan.json"))) as? [String: Any]
        let changes = plan?["changes"] as? [[String: Any]] ?? []
        XCTAssertTrue(changes.contains { $0["key"] as? String == "#Espresso" && $0["kind"] as? String == "inserted" && $0["transition"] as? String == ".push(from: .bottom)" }, "\(changes)")
        XCTAssertTrue(changes.contains { $0["textChange"] as? String == "rollUp" })

        let apng = try widgetHost(["animate", file.path, "--family", "systemSmall", "--fps", "20", "--out", dir.appendingPathComponent("t.png").path])
        XCTAssertEqual(apng.status, 0, apng.stderr)
        let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent("t.png")))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(String(decoding: bytes[37..<41], as: UTF8.self), "acTL", "the chunk after IHDR makes it animated")

        let frames = try widgetHost(["animate", file.path, "--family", "systemSmall", "--fps", "10", "--format", "frames", "--out", dir.appendingPathComponent("frames").path])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames").path).sorted()
        XCTAssertGreaterThan(names.count, 5)
        XCTAssertEqual(names.first, "frame-0000.png")
    }

    func testAnimateRefusesWhatItCannotPlay() throws {
        let one = try animatedTimeline(entries: 1), two = try animatedTimeline()
        let cases: [([String], Int32, String)] = [
            (["animate", one.path, "--family", "systemSmall", "--out", "/tmp/x.png"], 1, "a transition needs two entries; the timeline has 1"),
            (["animate", two.path, "--family", "systemSmall", "--from", "5", "--out", "/tmp/x.png"], 2, "--from must be a whole number from 0 to 1"),
            (["animate", two.path, "--family", "systemSmall", "--fps", "0", "--out", "/tmp/x.png"], 2, "--fps must be a number of frames a second above 0"),
            (["animate", two.path, "--family", "systemSmall", "--from", "1", "--to", "1", "--out", "/tmp/x.png"], 2, "name the same entry"),
            (["animate", two.path, "--family", "systemSmall", "--format", "gif", "--out", "/tmp/x.gif"], 2, "unknown format gif"),
            (["animate", two.path, "--family", "systemSmall", "--format", "frames", "--out", "-"], 2, "--format frames writes a folder"),
        ]
        for (args, status, message) in cases {
            let result = try widgetHost(args)
            XCTAssertEqual(result.status, status, "\(args): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(args): \(result.stderr)")
        }
    }

    func testInspectReportsMissingAndCorruptFilesPrecisely() throws {
        let dir = try temporaryDirectory(self)
        let missing = try widgetHost(["inspect", dir.appendingPathComponent("none.wgar").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no such file"), missing.stderr)

        var generator = ArchiveGenerator(seed: 2)
        var bytes = ArchiveEncoder.encode(generator.archive())
        let good = dir.appendingPathComponent("good.wgar")
        try Data(bytes).write(to: good)
        let ok = try widgetHost(["inspect", good.path])
        XCTAssertEqual(ok.status, 0)
        XCTAssertTrue(ok.stdout.hasPrefix("archive kind="))

        bytes[bytes.count - 3] ^= 0xFF
        let bad = dir.appendingPathComponent("bad.wgar")
        try Data(bytes).write(to: bad)
        let corrupt = try widgetHost(["inspect", bad.path])
        XCTAssertEqual(corrupt.status, 1)
        XCTAssertTrue(corrupt.stderr.contains("checksum mismatch at offset 12"), corrupt.stderr)
    }

    func testRenderWritesEachFormat() throws {
        let dir = try temporaryDirectory(self)
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0),
                                         root: .text(TextNode(runs: [TextRun(.date(Date(timeIntervalSince1970: 125), .timer))])))
        let file = dir.appendingPathComponent("a.wgar")
        try Data(ArchiveEncoder.encode(archive)).write(to: file)
        for format in ["json", "svg", "png", "text"] {
            let out = dir.appendingPathComponent("out.\(format)").path
            let r = try widgetHost(["render", file.path, "--family", "systemSmall", "--at", "60", "--format", format, "--out", out])
            XCTAssertEqual(r.status, 0, r.stderr)
            let written = try Data(contentsOf: URL(fileURLWithPath: out))
            if format == "png" {
                XCTAssertEqual(Array(written.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
            } else {
                XCTAssertTrue(String(decoding: written, as: UTF8.self).contains("1:05"), format)
            }
        }
    }

    /// An output is replaced whole (no temporary file left beside it); an output that cannot be written
    /// is a clear error and a non-zero exit, and the file already there is kept.
    func testRenderReplacesItsOutputWholeAndReportsAnUnwritableOne() throws {
        let dir = try temporaryDirectory(self)
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: .text(TextNode("hello")))
        let file = dir.appendingPathComponent("a.wgar")
        try Data(ArchiveEncoder.encode(archive)).write(to: file)
        let out = dir.appendingPathComponent("out.text")
        try Data("an older render".utf8).write(to: out)
        let ok = try widgetHost(["render", file.path, "--family", "systemSmall", "--format", "text", "--out", out.path])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).contains("hello"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["a.wgar", "out.text"])

        let missingFolder = dir.appendingPathComponent("no-such-folder/out.png").path
        let failed = try widgetHost(["render", file.path, "--family", "systemSmall", "--format", "png", "--out", missingFolder])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("cannot write \(missingFolder): No such file or directory"), failed.stderr)

        // A folder in the output's place: refused, and the folder and its contents stay.
        let occupied = dir.appendingPathComponent("taken.png")
        try FileManager.default.createDirectory(at: occupied, withIntermediateDirectories: false)
        try Data("kept".utf8).write(to: occupied.appendingPathComponent("inside"))
        let refused = try widgetHost(["render", file.path, "--family", "systemSmall", "--format", "png", "--out", occupied.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("cannot write \(occupied.path): it is a folder, and widget-host replaces only regular files"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: occupied.appendingPathComponent("inside"), encoding: .utf8), "kept")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["a.wgar", "out.text", "taken.png"])

        // Nor a FIFO (a reader waiting on it would get nothing), nor a symbolic link (or what it points to).
        let fifo = dir.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let piped = try widgetHost(["render", file.path, "--family", "systemSmall", "--format", "png", "--out", fifo])
        XCTAssertEqual(piped.status, 1)
        XCTAssertTrue(piped.stderr.contains("it is a FIFO"), piped.stderr)
        let target = dir.appendingPathComponent("target.txt")
        try Data("precious".utf8).write(to: target)
        let link = dir.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        let linked = try widgetHost(["render", file.path, "--family", "systemSmall", "--format", "png", "--out", link])
        XCTAssertEqual(linked.status, 1)
        XCTAssertTrue(linked.stderr.contains("it is a symbolic link"), linked.stderr)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "precious")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target.path)

        // `--out -`: the render on standard output, byte for byte what a file would hold.
        let streamed = try widgetHost(["render", file.path, "--family", "systemSmall", "--format", "text", "--out", "-"])
        XCTAssertEqual(streamed.status, 0, streamed.stderr)
        XCTAssertEqual(streamed.stdout, try String(contentsOf: out, encoding: .utf8))
    }

    func testAnOutputFolderThatCannotBeMadeIsNamedWithTheReasonAndAnEarlierLogStays() throws {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("a-file")
        try Data("not a folder".utf8).write(to: file)
        let under = file.appendingPathComponent("sim").path
        let failed = try widgetHost(["simulate", "--days", "1", "--out", under])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("cannot create \(under): \(file.path) is not a folder"), failed.stderr)

        // A scripted simulation, then a refused one into the same folder: the earlier log is kept whole.
        let scenario = dir.appendingPathComponent("s.json")
        try Data(#"{"days": 1, "instances": [{"id": "w", "entries": 2, "spacing": 600, "policy": "atEnd"}]}"#.utf8).write(to: scenario)
        let out = dir.appendingPathComponent("sim")
        XCTAssertEqual(try widgetHost(["simulate", "--scenario", scenario.path, "--out", out.path]).status, 0)
        let log = try Data(contentsOf: out.appendingPathComponent("events.jsonl"))
        XCTAssertGreaterThan(log.count, 1000)
        let again = try widgetHost(["simulate", "--scenario", scenario.path, "--out", out.path, "--days", "0"])
        XCTAssertEqual(again.status, 2)
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("events.jsonl")), log)
    }

    /// `preview` renders every widget kind × family of a real extension; a configurable widget with
    /// recommendations once per recommendation, each with its own parameters.
    func testPreviewRendersTheSourcesOwnPreviewsAndRenderUsesTheExtensionsAssets() throws {
        let dir = try temporaryDirectory(self)
        let gallery = try BuiltProducts.executable("WidgetGallery")
        let out = dir.appendingPathComponent("preview")
        let r = try widgetHost(["preview", "--extension", gallery, "--out", out.path, "--at", "2025-11-21T08:00:00Z", "--entries", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let sheet = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        for title in ["Preview “Outline systemSmall” · systemSmall", "Live Activity “Delivery” · Dynamic Island (expanded)", "Preview “OutlineWidget_Previews”"] {
            XCTAssertTrue(sheet.contains(title), title)
        }
        let first = try String(contentsOf: out.appendingPathComponent("previews/1-Outline%20systemSmall/entry-0.json"), encoding: .utf8)
        XCTAssertTrue(first.contains("First step"))
        // Each warning once, however many timelines repeated it.
        XCTAssertEqual(r.stdout.components(separatedBy: "NoSuchColor").count - 1, 1, r.stdout)

        // A stored timeline of the gallery rendered on its own, with the extension's asset catalog and
        // in increased contrast.
        let host = WidgetHost(store: ArchiveStore(root: dir.appendingPathComponent("store")), clock: VirtualClock(start: Date(timeIntervalSince1970: 1_763_712_000)))
        defer { host.shutdown() }
        let timeline = try host.reload(executable: gallery, kind: "Assets", family: .systemSmall)
        let file = host.store.timelineFile(extensionID: timeline.extensionID, kind: "Assets", family: .systemSmall)
        let json = dir.appendingPathComponent("assets.json")
        let rendered = try widgetHost(["render", file.path, "--family", "systemSmall", "--contrast", "increased", "--extension", gallery,
                                       "--out", json.path])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertTrue(try String(contentsOf: json, encoding: .utf8).contains("#a04000ff"), "the high-contrast brand colour")
        let png = dir.appendingPathComponent("assets.png")
        XCTAssertEqual(try widgetHost(["render", file.path, "--family", "systemSmall", "--extension", gallery, "--out", png.path]).status, 0)
        let badContrast = try widgetHost(["render", file.path, "--family", "systemSmall", "--contrast", "max", "--out", json.path])
        XCTAssertEqual(badContrast.status, 2)
        XCTAssertTrue(badContrast.stderr.contains("unknown contrast max"))
    }

    func testPreviewRendersEachFamilyAndEachRecommendation() throws {
        let out = try temporaryDirectory(self).appendingPathComponent("preview")
        let r = try widgetHost(["preview", "--extension", try BuiltProducts.executable("CaffeineTracker"), "--out", out.path,
                                "--at", "2025-11-21T08:00:00Z", "--entries", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // 14 entries of the widgets, one of each control, 2 of the source's #Preview (--entries 2) and the
        // transition between those, and its Live Activity preview's 2 content states in each of the 10
        // places an activity is shown.
        XCTAssertTrue(r.stdout.contains("previewed CaffeineTracker (in the \(SandboxLevel.strongestAvailable) sandbox): 38 entries and 1 transition(s) rendered"), r.stdout)
        for place in Placement.activityPlacements.map(\.id) {
            let png = try Data(contentsOf: out.appendingPathComponent("previews/2-Caffeine%20session/state-1/\(place).png"))
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], place)
        }
        let folders = ["LogEspresso/control", "DecafMode/control", "CaffeineTracker/systemSmall", "CaffeineTracker/systemMedium", "CaffeineTracker/accessoryRectangular",
                       "CaffeineTracker/accessoryCircular", "CaffeineTracker/accessoryInline",
                       "CaffeineGoal/systemSmall/recommendation-1", "CaffeineGoal/systemSmall/recommendation-2",
                       "CaffeineGoal/accessoryCircular/recommendation-1", "CaffeineGoal/accessoryCircular/recommendation-2"]
        for folder in folders {
            let png = try Data(contentsOf: out.appendingPathComponent("\(folder)/entry-0.png"))
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], folder)
        }
        func json(_ folder: String) throws -> String {
            try String(contentsOf: out.appendingPathComponent("\(folder)/entry-0.json"), encoding: .utf8)
        }
        XCTAssertTrue(try json("CaffeineGoal/systemSmall/recommendation-1").contains("0 of 400 mg"))
        XCTAssertTrue(try json("CaffeineGoal/systemSmall/recommendation-2").contains("0 of 200 mg"))
        let sheet = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(sheet.contains("CaffeineGoal · systemSmall · iPhone home screen · recommendation 2: 200 mg a day"))
        XCTAssertTrue(sheet.contains("CaffeineGoal/systemSmall/recommendation-2/entry-0.png"))
        // The seed's example steps from its first entry to its second in the sheet, animated.
        let transition = try XCTUnwrap(try FileManager.default.subpathsOfDirectory(atPath: out.path).first { $0.hasSuffix("transition-0-1.png") })
        // Named as a URL: the folder's own `%` escapes must survive the browser's decoding.
        let src = try XCTUnwrap(transition.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
        XCTAssertTrue(src.contains("%25"), src)
        XCTAssertTrue(sheet.contains("\(src)\" width=\"158\" height=\"158\" alt=\"transition from entry 0 to entry 1\""), "the sheet shows it, at its size in points")
        let apng = try [UInt8](Data(contentsOf: out.appendingPathComponent(transition)))
        XCTAssertEqual(String(decoding: apng[37..<41], as: UTF8.self), "acTL")

        let missing = try widgetHost(["preview", "--extension", out.appendingPathComponent("none").path, "--out", out.path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("is not an executable file"), missing.stderr)
        let entries = try widgetHost(["preview", "--extension", "x", "--out", out.path, "--entries", "0"])
        XCTAssertEqual(entries.status, 2)
        XCTAssertTrue(entries.stderr.contains("--entries must be a whole number from 1 to 1000 (got 0)"), entries.stderr)
    }

    /// SIGHUP makes a running host read its configuration again: a new instance starts and is issued
    /// its push token (the extension's handler is told), a removed one leaves `status`.
    /// `run` keeps an app's Live Activity: the app (a real process) starts it through ActivityKit; the
    /// command line lists, pushes to, taps and ends it; `run` draws it everywhere; `status` shows the
    /// configured Smart Stack's top.
    func testRunKeepsAnAppsLiveActivityForTheCommandLine() throws {
        let dir = try temporaryDirectory(self)
        let socket = dir.appendingPathComponent("c.sock").path
        let caffeine = try BuiltProducts.executable("CaffeineTracker"), gallery = try BuiltProducts.executable("WidgetGallery")
        let config = dir.appendingPathComponent("live.json")
        try Data("""
            { "instances": [ { "id": "commute", "extension": "\(gallery)", "kind": "Commute", "family": "systemSmall" },
                             { "id": "reading", "extension": "\(gallery)", "kind": "Reading", "family": "systemSmall" } ],
              "extensions": ["\(caffeine)"],
              "stacks": [ { "id": "home", "members": ["reading", "commute"] } ] }
            """.utf8).write(to: config)
        let (process, output) = try launchRun(config: config, store: dir.appendingPathComponent("store"), dir: dir, socket: socket)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        // The stack chooses once its members show something.
        XCTAssertTrue(output.waitForLines { $0.contains("stack home: ") }, output.text.joined(separator: "\n"))
        let status = try widgetHost(["status", "--socket", socket])
        XCTAssertTrue(status.stdout.contains("stack home: "), status.stdout)

        let app = Process()
        app.executableURL = URL(fileURLWithPath: try BuiltProducts.executable("CaffeineTrackerApp"))
        app.arguments = ["log", "Espresso", "64"]
        app.environment = [ControlClient.socketVariable: socket]
        let appOut = Pipe()
        app.standardOutput = appOut
        try app.run()
        let started = String(decoding: appOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        app.waitUntilExit()
        XCTAssertTrue(started.hasPrefix("started "), started)

        let list = try widgetHost(["activity", "list", "--socket", socket, "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let listed = try JSONDecoder().decode(ControlResponse.self, from: Data(list.stdout.utf8))
        let session = try XCTUnwrap(listed.activities?.first)
        XCTAssertEqual(session.shownIn, ["island-compact", "lock-screen"])
        let token = try XCTUnwrap(session.pushToken)
        let state = #"{"activeMilligrams":250,"totalMilligrams":300,"drinks":3,"lastDrink":"Cold brew","calmAt":817000000}"#
        let push = try widgetHost(["push", token, "--payload", #"{"aps":{"event":"update","content-state":\#(state)}}"#, "--socket", socket])
        XCTAssertEqual(push.status, 0, push.stderr)
        XCTAssertTrue(push.stdout.contains("delivered to \(session.id)"), push.stdout)
        let tap = try widgetHost(["tap", session.id, "--placement", "island-expanded", "--element", "session-espresso", "--socket", socket])
        XCTAssertTrue(tap.stdout.contains("performed CaffeineTracker.LogEspressoToSessionIntent"), tap.stdout + tap.stderr)
        XCTAssertTrue(tap.stdout.contains("4 drinks"), "the intent updated the session: \(tap.stdout)")

        let malformed = try widgetHost(["activity", "start", "--type", "CaffeineSessionAttributes", "--attributes", "{", "--state", "{}", "--socket", socket])
        XCTAssertEqual(malformed.status, 2)
        XCTAssertTrue(malformed.stderr.contains("--attributes is not JSON"), malformed.stderr)
        let refused = try widgetHost(["activity", "start", "--type", "PizzaAttributes", "--attributes", "{}", "--state", "{}", "--socket", socket])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("not started: no widget extension of the app draws Live Activities of these attributes"), refused.stderr)
        let end = try widgetHost(["activity", "end", session.id, "--dismissal", "immediate", "--socket", socket])
        XCTAssertEqual(end.status, 0, end.stderr)
        XCTAssertTrue(end.stdout.contains("dismissed"), end.stdout)
        for place in Placement.activityPlacements.map(\.id) {
            let png = try Data(contentsOf: dir.appendingPathComponent("live/activities/\(session.id)/\(place).png"))
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], place)
        }
    }

    func testSIGHUPReloadsTheConfigurationAndTellsPushHandlers() throws {
        let dir = try temporaryDirectory(self)
        let socket = dir.appendingPathComponent("c.sock").path
        let config = dir.appendingPathComponent("host.json")
        let caffeine = try BuiltProducts.executable("CaffeineTracker"), todo = try BuiltProducts.executable("ToDoList")
        func write(_ instances: [String]) throws {
            try Data("{\"instances\": [\(instances.joined(separator: ","))]}".utf8).write(to: config)
        }
        let list = "{\"id\": \"todo\", \"extension\": \"\(todo)\", \"kind\": \"ToDoList\", \"family\": \"systemMedium\"}"
        let small = "{\"id\": \"caffeine\", \"extension\": \"\(caffeine)\", \"kind\": \"CaffeineTracker\", \"family\": \"systemSmall\"}"
        try write([list])
        let store = dir.appendingPathComponent("store")
        let (process, output) = try launchRun(config: config, store: store, dir: dir, socket: socket)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        XCTAssertEqual(try ControlSocket.send(ControlRequest(command: .status), to: socket).instances?.map(\.id), ["todo"])

        try write([small])
        kill(process.processIdentifier, SIGHUP)
        // Its extension connected (and was given its push token) before its first entry was shown.
        XCTAssertTrue(output.waitForLines { $0.contains("reconfigured: 1 instance(s) added, 1 removed") }, output.text.joined(separator: "\n"))
        XCTAssertTrue(output.waitForLines { $0.contains("caffeine: shows entry") }, output.text.joined(separator: "\n"))
        let status = try? ControlSocket.send(ControlRequest(command: .status), to: socket, timeout: 5)
        let token = try XCTUnwrap(status?.instances?.first?.pushToken)
        XCTAssertEqual(status?.instances?.map(\.id), ["caffeine"], "the to-do list was taken out, the caffeine widget added")
        let log = (try? String(contentsOf: store.appendingPathComponent("CaffeineTracker/extension.log"), encoding: .utf8)) ?? ""
        XCTAssertTrue(log.contains("push token \(token.prefix(8))… for 1 widget(s)"), log)
        let push = try ControlSocket.send(ControlRequest(command: .push, token: token), to: socket)
        XCTAssertEqual(push.message, "reloaded caffeine")
    }

    /// In the full sandbox `run` says what each extension's root holds and what the file granted, and
    /// refuses at start a grant that would reach the host's folders.
    func testRunPrintsEachRootAndRefusesAGrantOfTheHostsFolders() throws {
        guard SandboxLevel.full.isAvailable else { throw XCTSkip("the full sandbox is not available here") }
        let dir = try temporaryDirectory(self)
        let granted = dir.appendingPathComponent("stations.json")
        try Data("{}".utf8).write(to: granted)
        let todo = try BuiltProducts.executable("ToDoList")
        func run(readPaths: String) throws -> Output {
            let config = dir.appendingPathComponent("host.json")
            try Data("""
            {"instances": [{"id": "todo", "extension": "\(todo)", "kind": "ToDoList", "family": "systemMedium"}],
             "readPaths": {"ToDoList": [\(readPaths)]}}
            """.utf8).write(to: config)
            return try widgetHost(["run", "--config", config.path, "--store", dir.appendingPathComponent("store").path, "--sandbox", "full",
                                   "--out", dir.appendingPathComponent("live").path, "--socket", dir.appendingPathComponent("c.sock").path,
                                   "--duration", "0.5"])
        }
        let ok = try run(readPaths: "\"stations.json\"")
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("ToDoList reads its executable,"), ok.stdout)
        XCTAssertTrue(ok.stdout.contains("granted: \(granted.path)"), "relative to the file's folder: \(ok.stdout)")

        let refused = try run(readPaths: "\"store\"")
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("read path \(dir.appendingPathComponent("store").path) refused"), refused.stderr)
        let missing = try run(readPaths: "\"/no/such/file\"")
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("readPaths of ToDoList: /no/such/file does not exist"), missing.stderr)
    }

    /// `run` sends each request through its configuration's allow-list and writes it to events.jsonl;
    /// `--network record` keeps what was fetched, and `preview --network replay` draws from a folder
    /// of recordings with no server (the project's own, here), naming a request it has none for.
    func testRunRecordsThroughItsAllowListAndPreviewReplaysOffline() throws {
        let dir = try temporaryDirectory(self)
        let server = try LocalHTTPServer { _ in .init(json: #"{"headline":"Fog lifts","source":"CLI Feed"}"#) }
        defer { server.stop() }
        let headlines = try BuiltProducts.executable("Headlines")
        let recordings = dir.appendingPathComponent("recordings")
        let config = dir.appendingPathComponent("host.json")
        try Data("""
        {"instances": [
           {"id": "allowed", "extension": "\(headlines)", "kind": "Headline", "family": "systemSmall",
            "configuration": {"feed": "\(server.baseURL)/a.json"}},
           {"id": "elsewhere", "extension": "\(headlines)", "kind": "Headline", "family": "systemSmall",
            "configuration": {"feed": "http://localhost:\(server.port)/b.json"}}],
         "network": {"allow": {"Headlines": ["127.0.0.1"]}, "timeoutSeconds": 5}}
        """.utf8).write(to: config)
        let live = dir.appendingPathComponent("live")
        let run = try widgetHost(["run", "--config", config.path, "--store", dir.appendingPathComponent("store").path, "--out", live.path,
                                  "--socket", dir.appendingPathComponent("c.sock").path, "--duration", "2", "--network", "record", recordings.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = try String(contentsOf: live.appendingPathComponent("events.jsonl"), encoding: .utf8).split(separator: "\n")
        let requests = try lines.filter { $0.contains(#""event":"network""#) }.map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let outcomes = Dictionary(uniqueKeysWithValues: requests.map { ($0["url"] as? String ?? "", $0["outcome"] as? String ?? "") })
        XCTAssertEqual(outcomes, ["\(server.baseURL)/a.json": "recorded", "http://localhost:\(server.port)/b.json": "refused"], "\(lines)")
        XCTAssertTrue(requests.contains { $0["reason"] as? String == "localhost is not in Headlines's allow-list" }, "\(requests)")
        XCTAssertEqual(server.requests.map(\.path), ["/a.json"], "the refused request never reached the server")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: recordings.path).count, 1)

        let projectRecordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Archives/recordings").standardizedFileURL
        let out = dir.appendingPathComponent("preview")
        let preview = try widgetHost(["preview", "--extension", headlines, "--out", out.path, "--network", "replay", projectRecordings.path])
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertTrue(preview.stderr.contains("network: Headlines: GET https://headlines.example.com/today.json replayed: 200"), preview.stderr)
        let trees = (FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
        XCTAssertTrue(try trees.contains { try String(contentsOf: out.appendingPathComponent($0), encoding: .utf8).contains("recorded once and replayed offline") }, "\(trees)")
        XCTAssertFalse(preview.stderr.contains("sandbox: tried to open"), "a widget that links the network library finds all it reads: \(preview.stderr)")

        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let missing = try widgetHost(["preview", "--extension", headlines, "--out", out.path, "--network", "replay", empty.path])
        XCTAssertEqual(missing.status, 0, "an unrecorded request is the widget offline, not a failed preview")
        XCTAssertTrue(missing.stderr.contains("refused: no recording of GET https://headlines.example.com/today.json in \(empty.path)"), missing.stderr)
    }

    func testNetworkArgumentsAndSettingsAreChecked() throws {
        let dir = try temporaryDirectory(self)
        let noFolder = try widgetHost(["demo", "--network", "replay"])
        XCTAssertEqual(noFolder.status, 2)
        XCTAssertTrue(noFolder.stderr.contains("--network replay needs a folder: --network replay DIR"), noFolder.stderr)
        let unknown = try widgetHost(["demo", "--network", "online"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown network mode online (expected live, off, record DIR or replay DIR)"), unknown.stderr)
        let absent = try widgetHost(["demo", "--network", "replay", dir.appendingPathComponent("none").path])
        XCTAssertEqual(absent.status, 1)
        XCTAssertTrue(absent.stderr.contains("is not a folder of recordings"), absent.stderr)

        let config = dir.appendingPathComponent("host.json")
        func run(network: String) throws -> Output {
            try Data("""
            {"instances": [{"id": "todo", "extension": "\(try BuiltProducts.executable("ToDoList"))", "kind": "ToDoList", "family": "systemMedium"}],
             "network": \(network)}
            """.utf8).write(to: config)
            return try widgetHost(["run", "--config", config.path, "--store", dir.appendingPathComponent("store").path,
                                   "--socket", dir.appendingPathComponent("c.sock").path, "--duration", "0.2"])
        }
        let rule = try run(network: #"{"allow": {"ToDoList": ["ftp://files.example.com"]}}"#)
        XCTAssertEqual(rule.status, 1)
        XCTAssertTrue(rule.stderr.contains(#"network: allow of ToDoList: "ftp://files.example.com" is not an allow-list rule"#), rule.stderr)
        let size = try run(network: #"{"maxResponseKB": 1000000}"#)
        XCTAssertEqual(size.status, 1)
        XCTAssertTrue(size.stderr.contains("network: maxResponseKB must be 1 to 4096 (got 1000000)"), size.stderr)
    }

    func testRunningHostServesTapReloadAndStatusOnAnOwnerOnlySocket() throws {
        let dir = try temporaryDirectory(self)
        let socket = dir.appendingPathComponent("c.sock").path
        let config = dir.appendingPathComponent("host.json")
        let todo = try BuiltProducts.executable("ToDoList")
        try Data("""
        {"instances": [{"id": "todo", "extension": "\(todo)", "kind": "ToDoList", "family": "systemMedium"}]}
        """.utf8).write(to: config)
        let (process, output) = try launchRun(config: config, store: dir.appendingPathComponent("store"), dir: dir, socket: socket,
                                              extra: ["--budget", "1"])
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }

        // Status is answered from the first moment, before the first timeline is in: wait for the entry.
        XCTAssertTrue(output.waitForLines { $0.contains("todo: shows entry") }, output.text.joined(separator: "\n"))
        let first = try ControlSocket.send(ControlRequest(command: .status), to: socket, timeout: 5)
        XCTAssertTrue(first.ok)
        XCTAssertEqual(first.instances?.first?.texts.contains("3 left"), true)

        var st = stat()
        XCTAssertEqual(lstat(socket, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)

        let tap = try ControlSocket.send(ControlRequest(command: .tap, instance: "todo", element: "milk"), to: socket)
        XCTAssertTrue(tap.ok, tap.message)
        XCTAssertEqual(tap.instances?.first?.texts.contains("2 left"), true)
        let refused = try ControlSocket.send(ControlRequest(command: .tap, instance: "todo", element: "report"), to: socket)
        XCTAssertFalse(refused.ok)
        XCTAssertTrue(refused.message.contains("locked"), refused.message)
        // Budget of one: the app's first background reload is granted, the second waits for the budget
        // (a day later); in the foreground it is exempt; taps (interaction reloads) still go through.
        let reload = try ControlSocket.send(ControlRequest(command: .reload, kind: "ToDoList"), to: socket)
        XCTAssertEqual(reload.message, "reloaded todo")
        XCTAssertEqual(reload.instances?.first?.budgetLeft, 0)
        let overBudget = try ControlSocket.send(ControlRequest(command: .reload, kind: "ToDoList"), to: socket)
        XCTAssertTrue(overBudget.message.hasPrefix("deferred (budget spent or too soon): todo until "), overBudget.message)
        XCTAssertEqual(overBudget.instances?.first?.nextReload, overBudget.message.components(separatedBy: " until ").last)
        var foreground = ControlRequest(command: .reload, kind: "ToDoList")
        foreground.foreground = true
        XCTAssertEqual(try ControlSocket.send(foreground, to: socket).message, "reloaded todo")
        let tapAtZero = try ControlSocket.send(ControlRequest(command: .tap, instance: "todo", element: "plants"), to: socket)
        XCTAssertTrue(tapAtZero.ok, tapAtZero.message)
        XCTAssertEqual(tapAtZero.instances?.first?.texts.contains("1 left"), true)
        XCTAssertFalse(try ControlSocket.send(ControlRequest(command: .reload, kind: "Nope"), to: socket).ok)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("live/todo.png").path))
        // The decisions so far, as they were made, in the simulator's log format.
        let log = try String(contentsOf: dir.appendingPathComponent("live/events.jsonl"), encoding: .utf8)
        let events = try log.split(separator: "\n").map { try JSONDecoder().decode(ScheduleEvent.self, from: Data($0.utf8)) }
        XCTAssertEqual(events.map(\.outcome), [.exempt, .exempt, .granted, .deferred, .exempt, .exempt])
        XCTAssertEqual(events.map(\.cause), [.initial, .interaction, .appBackground, .appBackground, .appForeground, .interaction])

        // The CLI client against the same host.
        let cli = try widgetHost(["status", "--socket", socket])
        XCTAssertEqual(cli.status, 0)
        XCTAssertTrue(cli.stdout.contains("todo: ToDoList systemMedium"), cli.stdout)
        let json = try widgetHost(["status", "--socket", socket, "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let decoded = try JSONDecoder().decode(ControlResponse.self, from: Data(json.stdout.utf8))
        XCTAssertEqual(decoded.instances?.map(\.id), ["todo"])
        XCTAssertEqual(decoded.instances?.first?.kind, "ToDoList")

        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "the socket is removed on exit")
        let gone = try widgetHost(["status", "--socket", socket])
        XCTAssertEqual(gone.status, 1)
        XCTAssertTrue(gone.stderr.contains("no host is running"), gone.stderr)
    }

    func testHelpVersionAndEachCommandsUsage() throws {
        let all = try widgetHost(["help"])
        XCTAssertEqual(all.status, 0)
        for command in ["demo", "inspect", "render", "animate", "preview", "run", "tap", "reload", "status", "simulate", "fuzz", "placements"] {
            XCTAssertTrue(all.stdout.contains("\n  \(command)"), "\(command) listed")
            let help = try widgetHost(["help", command])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.stdout.hasPrefix("usage: widget-host \(command)"), help.stdout)
            let flag = try widgetHost([command, "--help"])
            XCTAssertEqual(flag.status, 0, "\(command) --help")
            XCTAssertEqual(flag.stdout, help.stdout)
            XCTAssertTrue(flag.stderr.isEmpty)
        }
        XCTAssertTrue(all.stdout.contains("Exit status: 0 done; 1 failed"))
        let version = try widgetHost(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("widget-host "), version.stdout)
        let unknown = try widgetHost(["help", "frobnicate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no command frobnicate"))
        // A wrong line prints that command's usage, not every command's.
        let wrong = try widgetHost(["placements", "--bogus"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("usage: widget-host placements"), wrong.stderr)
        XCTAssertFalse(wrong.stderr.contains("widget-host simulate"), wrong.stderr)
    }

    func testJSONForPlacementsInspectAndSimulate() throws {
        let placements = try widgetHost(["placements", "--json"])
        XCTAssertEqual(placements.status, 0, placements.stderr)
        let listed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(placements.stdout.utf8)) as? [[String: Any]])
        XCTAssertTrue(listed.contains { $0["id"] as? String == "iphone-home" }, placements.stdout)
        XCTAssertNotNil((listed.first?["families"] as? [[String: Any]])?.first?["width"] as? Double)

        let dir = try temporaryDirectory(self)
        var generator = ArchiveGenerator(seed: 4, maxDepth: 3, maxChildren: 3)
        let archive = generator.archive()
        let file = dir.appendingPathComponent("a.wgar")
        try Data(ArchiveEncoder.encode(archive)).write(to: file)
        let inspect = try widgetHost(["inspect", file.path, "--json"])
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        XCTAssertEqual(try decoder.decode(WidgetArchiveValue.self, from: Data(inspect.stdout.utf8)).root, archive.root)

        let scenario = dir.appendingPathComponent("scenario.json")
        try Data(#"{"instances":[{"id":"w","views":"high","entries":2,"spacing":600}],"events":[{"type":"reloadTimelines","instance":"w","every":300,"from":0,"to":86400}]}"#.utf8).write(to: scenario)
        let simulate = try widgetHost(["simulate", "--scenario", scenario.path, "--days", "2", "--out", dir.appendingPathComponent("sim").path, "--json"])
        XCTAssertEqual(simulate.status, 0, simulate.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(simulate.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["days"] as? Int, 2)
        let instance = try XCTUnwrap((document["instances"] as? [[String: Any]])?.first)
        XCTAssertEqual(instance["id"] as? String, "w")
        let days = try XCTUnwrap(instance["days"] as? [[String: Any]])
        XCTAssertEqual(days.count, 2)
        // An app asking every five minutes spends the budget; what waited runs later, counted apart.
        let resumed = days.compactMap { ($0["stats"] as? [String: Any])?["resumed"] as? Int }
        XCTAssertEqual(resumed.count, 2)
        XCTAssertGreaterThan(resumed.reduce(0, +), 0, simulate.stdout)
        XCTAssertFalse(simulate.stderr.contains("\r"), "no progress redrawn into a pipe")
        XCTAssertTrue(simulate.stderr.contains("simulated 2 day(s)"), simulate.stderr)
        let report = try String(contentsOf: dir.appendingPathComponent("sim/report.txt"), encoding: .utf8)
        XCTAssertTrue(report.contains("deferred  resumed  failed"), report)
    }

    func testFuzzReportsWhatShareOfInputsDecodedAndNoProgressIntoAPipe() throws {
        let fuzz = try widgetHost(["fuzz", "--target", "archive", "--runs", "2000", "--seed", "5", "--out", try temporaryDirectory(self).path])
        XCTAssertEqual(fuzz.status, 0, fuzz.stderr)
        XCTAssertTrue(fuzz.stdout.contains("% of inputs decoded ("), fuzz.stdout)
        XCTAssertTrue(fuzz.stdout.contains(" of 2000)"), fuzz.stdout)
        XCTAssertFalse(fuzz.stderr.contains("\r"))
    }

    /// The generated inputs, one file each, the same for the same seed; they are what the fuzzer
    /// starts from, so every archive seed decodes.
    func testFuzzWritesItsSeedsForAnotherFuzzersCorpus() throws {
        let dir = try temporaryDirectory(self)
        for folder in ["a", "b"] {
            let written = try widgetHost(["fuzz", "--write-seeds", dir.appendingPathComponent(folder).path, "--count", "12", "--seed", "3"])
            XCTAssertEqual(written.status, 0, written.stderr)
            XCTAssertTrue(written.stdout.contains("wrote 12 archive seeds (seed 3)"), written.stdout)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("a").path).sorted()
        XCTAssertEqual(names, (0..<12).map { String(format: "archive-%05d.bin", $0) })
        for name in names {
            let a = try Data(contentsOf: dir.appendingPathComponent("a/" + name)), b = try Data(contentsOf: dir.appendingPathComponent("b/" + name))
            XCTAssertEqual(a, b, name)
            XCTAssertNoThrow(try ArchiveDecoder().decode([UInt8](a)), name)
        }
        for (args, expected) in [(["--count", "0"], "--count must be a whole number from 1 to 100000"),
                                 (["--runs", "5"], "--runs does not go with --write-seeds")] {
            let refused = try widgetHost(["fuzz", "--write-seeds", dir.appendingPathComponent("c").path] + args)
            XCTAssertEqual(refused.status, 2, refused.stderr)
            XCTAssertTrue(refused.stderr.contains(expected), refused.stderr)
        }
        let blocked = dir.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocked)
        let failed = try widgetHost(["fuzz", "--write-seeds", blocked.appendingPathComponent("seeds").path])
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("cannot make the folder"), failed.stderr)
    }

    func testPreviewMatrixShowsEveryPlacementAndSchemeAtItsSizeInPoints() throws {
        let out = try temporaryDirectory(self)
        let preview = try widgetHost(["preview", "--extension", try BuiltProducts.executable("ToDoList"), "--out", out.path, "--matrix", "--entries", "1"])
        XCTAssertEqual(preview.status, 0, preview.stderr)
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        // The to-do list disfavors CarPlay for systemSmall: that cell is listed, not rendered.
        let disfavored = "ToDoList/systemSmall/carplay-fullColor-dark"
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent(disfavored).path))
        XCTAssertTrue(html.contains("<h2>ToDoList · systemSmall · CarPlay</h2><div class=\"row\"><p class=\"left-out\">not shown: disfavored at carPlay</p>"), html)
        for cell in RenderMatrix.cells(families: [.systemSmall, .systemMedium, .systemLarge])
        where !(cell.family == .systemSmall && cell.placement.location == .carPlay) {
            let folder = "ToDoList/\(cell.family.rawValue)/\(cell.placement.id)-\(cell.renderingMode)-\(cell.colorScheme)"
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("\(folder)/entry-0.png").path), folder)
            let size = try XCTUnwrap(cell.placement.size(for: cell.family))
            XCTAssertTrue(html.contains("src=\"\(folder)/entry-0.png\" width=\"\(Int(size.width))\" height=\"\(Int(size.height))\""), folder)
        }
        XCTAssertTrue(html.contains("<h2>ToDoList · systemSmall · iPhone home screen · fullColor, dark</h2>"))
        // The device axes: a cell per family and value, in the natural placement.
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("ToDoList/systemMedium/iphone-home@iphone-se-fullColor-light/entry-0.png").path))
        XCTAssertTrue(html.contains("<h2>ToDoList · systemMedium · iPhone home screen (iPhone SE, 8) · fullColor, light</h2>"), "the smallest iPhone")
        for (suffix, title) in [("xS", "text xSmall"), ("AX3", "text accessibility3"), ("rtl", "right to left"), ("de_DE", "de_DE")] {
            let folder = "ToDoList/systemMedium/iphone-home-fullColor-light-\(suffix)"
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("\(folder)/entry-0.png").path), folder)
            XCTAssertTrue(html.contains("<h2>ToDoList · systemMedium · iPhone home screen · fullColor, light · \(title)</h2>"), title)
        }
    }

    func testRenderNotesASystemImageWithoutAGlyphOnce() throws {
        let dir = try temporaryDirectory(self)
        let root = ViewNode.stack(StackNode(axis: .horizontal, children: Array(repeating: .image(ImageNode(source: .system("flux.capacitor"))), count: 3)))
        let file = dir.appendingPathComponent("s.wgar")
        try Data(ArchiveEncoder.encode(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: root))).write(to: file)
        let r = try widgetHost(["render", file.path, "--family", "systemSmall", "--format", "svg", "--out", dir.appendingPathComponent("s.svg").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "system image \"flux.capacitor\" has no glyph here").count, 2, r.stderr)
    }

    func testDeviceSettingsAndAxesAreCheckedAndRenderLaysOutRightToLeft() throws {
        let dir = try temporaryDirectory(self)
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: .modified(
            .text(TextNode("Hi")), .frame(FrameSpec(maxWidth: .infinity, alignment: AlignmentValue(horizontal: .leading, vertical: .center)))))
        let file = dir.appendingPathComponent("a.wgar")
        try Data(ArchiveEncoder.encode(archive)).write(to: file)
        func render(_ extra: [String]) throws -> Output {
            try widgetHost(["render", file.path, "--family", "systemSmall", "--format", "json", "--out", "-"] + extra)
        }
        let ltr = try JSONDecoder().decode(RenderTree.self, from: Data(try render([]).stdout.utf8))
        let rtlOutput = try render(["--direction", "rtl", "--text-size", "AX2", "--locale", "he_IL", "--time-zone", "Asia/Jerusalem"])
        XCTAssertEqual(rtlOutput.status, 0, rtlOutput.stderr)
        let rtl = try JSONDecoder().decode(RenderTree.self, from: Data(rtlOutput.stdout.utf8))
        let hiLTR = try XCTUnwrap(ltr.root.allNodes().first { $0.text == "Hi" }), hiRTL = try XCTUnwrap(rtl.root.allNodes().first { $0.text == "Hi" })
        XCTAssertEqual(hiLTR.frame.x, 16)
        XCTAssertEqual(hiRTL.frame.x + hiRTL.frame.width, 158 - 16, accuracy: 1e-9, "leading is the right-hand margin")
        XCTAssertEqual(hiRTL.lines?.first?.runs.first?.fontSize, 33, "body at AX2")
        let se = try JSONDecoder().decode(RenderTree.self, from: Data(try render(["--model", "iphone-se"]).stdout.utf8))
        XCTAssertEqual(se.size, Size(width: 148, height: 148), "a small widget on an iPhone SE")

        for (args, message) in [
            (["--text-size", "huge"], "unknown text size huge"), (["--direction", "up"], "unknown direction up (ltr or rtl)"),
            (["--locale", "zz_QQ"], "unknown locale zz_QQ"), (["--time-zone", "Mars/Olympus"], "unknown time zone Mars/Olympus"),
            (["--locale", "../../x"], "unknown locale ../../x"), (["--model", "iphone-99"], "unknown iPhone model iphone-99"),
        ] {
            let r = try render(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
        let axisAlone = try widgetHost(["preview", "--extension", "x", "--out", dir.path, "--locales", "de_DE"])
        XCTAssertEqual(axisAlone.status, 2)
        XCTAssertTrue(axisAlone.stderr.contains("--locales is an axis of --matrix"), axisAlone.stderr)
    }

    /// Every file under `folder` but the store and shard manifests, by path, with its bytes.
    private func renderedFiles(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: folder.path) ?? [] where !path.hasPrefix(".store") && !path.hasPrefix("shard-") {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = FileManager.default.contents(atPath: url.path)
            }
        }
        return files
    }

    func testShardedPreviewsMergeIntoTheUnshardedPreviewByteForByte() throws {
        let dir = try temporaryDirectory(self)
        let exe = try BuiltProducts.executable("CaffeineTracker")
        let common = ["--extension", exe, "--at", "2026-11-21T09:00:00Z", "--entries", "3"]
        let whole = try widgetHost(["preview", "--out", dir.appendingPathComponent("whole").path] + common)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        var shards: [String] = []
        for k in 1...3 {
            let folder = dir.appendingPathComponent("shard-\(k)").path
            let shard = try widgetHost(["preview", "--out", folder, "--shard", "\(k)/3"] + common)
            XCTAssertEqual(shard.status, 0, shard.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/shard-\(k)-of-3.json"))
            shards.append(folder)
        }
        // Each shard did a part: none did all, and together they did everything once.
        let parts = shards.map { renderedFiles(URL(fileURLWithPath: $0)).keys.filter { $0.hasSuffix(".png") } }
        let expected = Set(renderedFiles(dir.appendingPathComponent("whole")).keys.filter { $0.hasSuffix(".png") })
        XCTAssertTrue(parts.allSatisfy { !$0.isEmpty && Set($0) != expected })
        XCTAssertEqual(Set(parts.flatMap { $0 }), expected)
        XCTAssertEqual(parts.map(\.count).reduce(0, +), expected.count)

        let merged = try widgetHost(["preview", "--merge"] + shards.reversed() + ["--out", dir.appendingPathComponent("merged").path])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        let a = renderedFiles(dir.appendingPathComponent("whole")), b = renderedFiles(dir.appendingPathComponent("merged"))
        XCTAssertEqual(Set(a.keys), Set(b.keys))
        for (path, bytes) in a { XCTAssertEqual(bytes, b[path], path) }
        XCTAssertTrue(a.keys.contains("index.html") && a.keys.contains { $0.hasSuffix("transition-0-1.png") })

        // Shards that do not make the whole are refused, saying what is missing.
        let partial = try widgetHost(["preview", "--merge", shards[0], shards[2], "--out", dir.appendingPathComponent("partial").path])
        XCTAssertEqual(partial.status, 1)
        XCTAssertTrue(partial.stderr.contains("missing 2"), partial.stderr)
        let wrong = try widgetHost(["preview", "--shard", "4/3"] + common + ["--out", dir.path])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("--shard must be K/N with 1 ≤ K ≤ N ≤ 1000 (got 4/3)"), wrong.stderr)
    }
}
