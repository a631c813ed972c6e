// A deliberately misbehaving widget extension, for the host's chaos tests. It speaks the wire
// protocol directly (not through the SDK, which would never misbehave). Every widget kind names a
// behaviour; each answers its first request properly (so the host has a last good entry) and
// misbehaves from the second on. The count survives restarts (kept in WIDGET_EXTENSION_DATA).
// Launched under a name ending in "-wrongversion", it says hello with a protocol version the host
// does not speak; under a name ending in "-spoof", it introduces itself as "CaffeineTracker".
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetArchive
import WidgetProtocol

let behaviours = ["healthy", "badLink", "hangingIntent", "crashingIntent", "crash", "exitMidReply", "hang", "slow", "garbage", "lyingFrame", "oversized", "memoryHog", "flood"]
/// Not misbehaviours the chaos test expects to be contained as faults, but probes the containment
/// tests read: what the process can see, and children it leaves running.
let probes = ["snoop", "spawnsChildren", "controlDriver", "sharedHog", "childHog", "manyThreads", "readsOutside", "connectsDirectly", "manyFiles", "bigFile", "threadBomb", "manyDescriptors", "stopsListening"]
/// The control connection `controlDriver` opened on its first request, read on its second.
var controlConnection: Int32 = -1

guard let fdText = ProcessInfo.processInfo.environment["WIDGET_HOST_FD"], let fd = Int32(fdText) else {
    print("Misbehaving: a test extension for widget-host's chaos tests; behaviours: \(behaviours.joined(separator: ", "))")
    exit(CommandLine.arguments.contains("--describe") ? 0 : 2)
}
let channel = FrameChannel(fd: fd)
let name = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
let version: UInt16 = name.hasSuffix("-wrongversion") ? 99 : widgetProtocolVersion
let data = ProcessInfo.processInfo.environment["WIDGET_EXTENSION_DATA"].map { URL(fileURLWithPath: $0) }

/// How many requests this kind has had, across restarts.
func bump(_ kind: String) -> Int {
    guard let data else { return 1 }
    let file = data.appendingPathComponent("count-\(kind)")
    let n = (Int((try? String(contentsOf: file, encoding: .utf8)) ?? "0") ?? 0) + 1
    try? String(n).write(to: file, atomically: true, encoding: .utf8)
    return n
}

func reply(_ request: TimelineRequest, text: String, padding: Int = 0) -> Message {
    var root = ViewNode.text(TextNode(text))
    if padding > 0 { root = .stack(StackNode(axis: .vertical, children: [root, .text(TextNode(String(repeating: "x", count: padding)))])) }
    let archives = request.variants.map { variant in
        ArchiveEncoder.encode(WidgetArchiveValue(kind: request.kind, family: request.family, entryDate: request.now, variant: variant, root: root))
    }
    return .timeline(TimelineReply(requestID: request.requestID, entries: [ArchivedEntry(date: request.now, archives: archives)], policy: .never))
}

func send(_ bytes: [UInt8]) { try? channel.write(bytes) }

/// A thread's body for `manyThreads`: not isolated to the main actor, as a closure written in
/// top-level code would be (and checked, on another thread, in Swift 6).
nonisolated func nap(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    usleep(200_000)
    return nil
}

/// Starts a program with this process's environment; its pid.
func spawn(_ arguments: [String]) -> pid_t {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    _ = posix_spawn(&pid, arguments[0], nil, nil, argv, environ)
    return pid
}

do {
    let declared = name.hasSuffix("-spoof") ? "CaffeineTracker" : name
    try channel.send(.hello(Hello(protocolVersion: version, extensionID: declared, widgets: (behaviours + probes).map {
        WidgetDescriptor(kind: $0, displayName: $0, description: "misbehaves: \($0)", families: [.systemSmall], flags: [])
    }, urlSchemes: ["misbehaving"])))
    while true {
        let message = try channel.receive()
        // An intent of the crashing widget takes the process down; other intents are never answered.
        if case .performIntent(let request) = message, request.kind == "crashingIntent" { kill(getpid(), SIGSEGV) }
        guard case .getTimeline(let request) = message else { continue }
        let count = bump(request.kind)
        if request.kind == "badLink" {
            // A widget URL with a scheme the extension never declared (it declares "misbehaving").
            var message = reply(request, text: "open")
            if case .timeline(var t) = message {
                t.entries = t.entries.map { entry in
                    ArchivedEntry(date: entry.date, archives: request.variants.map { variant in
                        ArchiveEncoder.encode(WidgetArchiveValue(kind: request.kind, family: request.family, entryDate: request.now, variant: variant,
                                                                 root: .modified(.text(TextNode("open")), .widgetURL("file:///etc/passwd"))))
                    })
                }
                message = .timeline(t)
            }
            try channel.send(message)
            continue
        }
        if request.kind == "hangingIntent" || request.kind == "crashingIntent" {
            // A toggle whose intent this extension never answers (`performIntent` is read and ignored),
            // or dies performing.
            let toggle = ViewNode.control(ControlNode(
                kind: .toggle(isOn: false, onLabel: .text(TextNode("on")), offLabel: .text(TextNode("off"))),
                action: .intent(IntentReference(typeIdentifier: "Misbehaving.NeverAnswered", parameters: []))))
            let archives = request.variants.map { variant in
                ArchiveEncoder.encode(WidgetArchiveValue(kind: request.kind, family: request.family, entryDate: request.now, variant: variant,
                                                         root: .modified(toggle, .identity("switch"))))
            }
            try channel.send(.timeline(TimelineReply(requestID: request.requestID, entries: [ArchivedEntry(date: request.now, archives: archives)], policy: .never)))
            continue
        }
        if request.kind == "snoop" {
            // Its environment's names, HOME and TMPDIR, and every descriptor it holds.
            let environment = ProcessInfo.processInfo.environment
            let descriptors = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap(Int.init).sorted()
            // The store root (two levels above its data folder): which extensions' folders it sees.
            let storeRoot = data.map { $0.deletingLastPathComponent().deletingLastPathComponent().path } ?? "/"
            let folders = ((try? FileManager.default.contentsOfDirectory(atPath: storeRoot)) ?? []).sorted()
            let processes = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }
            // Whether it can write outside its data folder: beside it, in its folder of the store.
            let outside = (data?.deletingLastPathComponent().path ?? "/tmp") + "/probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let created = open(outside, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            let write = created >= 0 ? "ok" : String(cString: strerror(errno)).replacingOccurrences(of: " ", with: "_")
            if created >= 0 { close(created) }
            let text = "env=\(environment.keys.sorted().joined(separator: ",")) home=\(environment["HOME"] ?? "-") tmp=\(environment["TMPDIR"] ?? "-") fds=\(descriptors.map(String.init).joined(separator: ","))"
                + " folders=\(folders.joined(separator: ",")) processes=\(processes.count) outsideWrite=\(write) outside=\(outside)"
            try channel.send(reply(request, text: text))
            continue
        }
        if request.kind == "controlDriver" {
            // First request: connect to the host's control socket (its path left in the data folder by
            // the test) and ask for a status, without waiting. Second: say whether it was answered.
            if controlConnection < 0 {
                let path = data.flatMap { try? String(contentsOf: $0.appendingPathComponent("control-socket"), encoding: .utf8) } ?? ""
                controlConnection = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
                var address = sockaddr_un()
                address.sun_family = sa_family_t(AF_UNIX)
                withUnsafeMutableBytes(of: &address.sun_path) { raw in
                    for (i, b) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = b }
                }
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(controlConnection, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
                }
                let line = Array(#"{"command":"status"}"#.utf8) + [0x0A]
                let sent = connected == 0 && line.withUnsafeBytes { write(controlConnection, $0.baseAddress, $0.count) } == line.count
                try channel.send(reply(request, text: sent ? "sent" : "could not connect"))
            } else {
                var pfd = pollfd(fd: controlConnection, events: Int16(POLLIN), revents: 0)
                var buffer = [UInt8](repeating: 0, count: 4096)
                guard poll(&pfd, 1, 2000) > 0 else {
                    try channel.send(reply(request, text: "no answer"))
                    continue
                }
                // Closed unanswered (end of file, or reset since the host did not read the request).
                let n = buffer.withUnsafeMutableBytes { read(controlConnection, $0.baseAddress, $0.count) }
                try channel.send(reply(request, text: n > 0 ? "answered" : "closed"))
            }
            continue
        }
        if request.kind == "spawnsChildren" {
            // A child in its process group, and one in a session of its own (as a daemon would).
            func spawnSleep(newSession: Bool) -> pid_t {
                var attributes = posix_spawnattr_t()
                posix_spawnattr_init(&attributes)
                defer { posix_spawnattr_destroy(&attributes) }
                // glibc's POSIX_SPAWN_SETSID (a GNU extension the Glibc module does not expose).
                if newSession { posix_spawnattr_setflags(&attributes, 0x80) }
                var pid: pid_t = 0
                let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("300"), nil]
                defer { argv.forEach { free($0) } }
                _ = posix_spawn(&pid, "/bin/sleep", nil, &attributes, argv, environ)
                return pid
            }
            // And a daemon: a shell that starts a session leader and exits at once, orphaning it.
            let shell = spawn(["/bin/sh", "-c", "setsid /bin/sleep 300 & exit 0"])
            var status: Int32 = 0
            waitpid(shell, &status, 0)
            try channel.send(reply(request, text: "children \(spawnSleep(newSession: false)) \(spawnSleep(newSession: true))"))
            continue
        }
        if request.kind == "sharedHog" {
            // 1 GiB of shared anonymous memory, touched page by page: RLIMIT_DATA does not count it.
            let size = 1 << 30
            guard let region = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0), region != MAP_FAILED else {
                try channel.send(reply(request, text: "no mapping"))
                continue
            }
            for offset in stride(from: 0, to: size, by: 4096) { region.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self) }
            try channel.send(reply(request, text: "hoarded 1024 MiB shared"))
            continue
        }
        if request.kind == "childHog" {
            // The memory is held by a child, in a shared mapping: only counting every process finds it.
            let child = spawn(["/usr/bin/python3", "-c", "import mmap, time\nm = mmap.mmap(-1, 512 << 20)\nfor i in range(0, len(m), 4096): m[i] = 1\ntime.sleep(30)"])
            sleep(5)
            try channel.send(reply(request, text: "child \(child) still running"))
            continue
        }
        if request.kind == "readsOutside" {
            // Opens the file whose path the test left in its data folder: readable or not.
            let path = data.flatMap { try? String(contentsOf: $0.appendingPathComponent("outside-path"), encoding: .utf8) } ?? "/"
            let fd = open(path, O_RDONLY)
            if fd >= 0 { close(fd) }
            try channel.send(reply(request, text: fd >= 0 ? "read" : "refused"))
            continue
        }
        if request.kind == "connectsDirectly" {
            // Connects to the loopback port the test left in its data folder, around the host's route.
            let port = data.flatMap { try? String(contentsOf: $0.appendingPathComponent("direct-port"), encoding: .utf8) }.flatMap(UInt16.init) ?? 9
            let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = port.bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            } == 0
            let reason = connected ? "connected" : "refused: \(String(cString: strerror(errno)))"
            close(socketFD)
            try channel.send(reply(request, text: reason))
            continue
        }
        if request.kind == "manyFiles" {
            // Forty files of 64 KiB in its data folder, each small, together 2.5 MiB.
            let chunk = Data(repeating: 7, count: 64 << 10)
            for i in 0..<40 { try? chunk.write(to: data!.appendingPathComponent("cache-\(i)")) }
            try channel.send(reply(request, text: "wrote 40 files"))
            continue
        }
        if request.kind == "bigFile" {
            // One file, grown 64 KiB at a time, without end: the file size limit ends it.
            let fd = open(data!.appendingPathComponent("big").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let chunk = [UInt8](repeating: 9, count: 64 << 10)
            while fd >= 0, write(fd, chunk, chunk.count) == chunk.count {}
            try channel.send(reply(request, text: "write failed: \(String(cString: strerror(errno)))"))
            continue
        }
        if request.kind == "threadBomb" {
            // Threads that never end, started until it is stopped (or the kernel refuses one, then
            // again and again).
            while true {
                var thread = pthread_t()
                if pthread_create(&thread, nil, nap, nil) != 0 { usleep(1000) }
            }
        }
        if request.kind == "stopsListening" {
            // Answers, then never reads its channel again: it would not notice its host gone.
            try channel.send(reply(request, text: "pid \(getpid())"))
            while true { pause() }
        }
        if request.kind == "manyDescriptors" {
            // Opens /dev/null until the kernel refuses, and keeps them all.
            var opened = 0
            while open("/dev/null", O_RDONLY) >= 0 { opened += 1 }
            try channel.send(reply(request, text: "opened \(opened): \(String(cString: strerror(errno)))"))
            continue
        }
        if request.kind == "manyThreads" {
            // Sixteen threads at once, as URLSession and Dispatch start them under load: each
            // reserves its stack from the data limit the host set.
            var threads: [pthread_t] = []
            for _ in 0..<16 {
                var thread = pthread_t()
                guard pthread_create(&thread, nil, nap, nil) == 0 else { break }
                threads.append(thread)
            }
            for thread in threads { pthread_join(thread, nil) }
            try channel.send(reply(request, text: "\(threads.count) threads"))
            continue
        }
        if request.kind == "healthy" || count == 1 {
            try channel.send(reply(request, text: "\(request.kind) ok \(count)"))
            continue
        }
        switch request.kind {
        case "crash":
            kill(getpid(), SIGSEGV)
        case "exitMidReply":
            let frame = MessageCodec.frame(reply(request, text: "never finished"))
            send(Array(frame.prefix(frame.count / 2)))
            exit(3)
        case "hang":
            while true { sleep(60) }
        case "slow":
            sleep(3)
            try channel.send(reply(request, text: "slow ok \(count)"))
        case "garbage":
            // A frame of plausible length whose body is noise (an unknown message type first).
            send([60, 0, 0, 0, 0xEE] + (0..<59).map { _ in UInt8.random(in: 0...255) })
            sleep(60)
        case "lyingFrame":
            send([0xE8, 0x03, 0x00, 0x00, 0x03, 0x01])  // says 1000 bytes, sends 2
            sleep(60)
        case "oversized":
            try channel.send(reply(request, text: "huge", padding: 2 << 20))
        case "memoryHog":
            var hoard: [[UInt8]] = []
            for _ in 0..<1024 { hoard.append([UInt8](repeating: 1, count: 1 << 20)) }
            try channel.send(reply(request, text: "hoarded \(hoard.count) MiB"))
        case "flood":
            for i in 0..<100_000 { try channel.send(.diagnostic(Diagnostic(kind: request.kind, message: "flood \(i)"))) }
            try channel.send(reply(request, text: "flooded"))
        default:
            try channel.send(.failure(Failure(requestID: request.requestID, code: .unknownKind, message: request.kind)))
        }
    }
} catch {
    exit(0)
}
