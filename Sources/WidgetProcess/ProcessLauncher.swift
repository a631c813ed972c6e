import CProcessContainment
import Foundation
import SystemCalls
import WidgetProtocol

/// Starts extension processes. A seam, so tests can substitute a launcher and assert on what was asked.
public protocol ProcessLauncher: Sendable {
    func launch(_ spec: LaunchSpec) throws(LaunchError) -> LaunchedProcess
}

/// What to start and how.
public struct LaunchSpec: Sendable {
    public var executable: String
    public var arguments: [String]
    /// Extra environment for the child (the host descriptor and data folder are added by the launcher).
    public var environment: [String: String]
    /// Where the child's standard error goes (appended); `nil` inherits the host's.
    public var logFile: String?
    /// The extension's private data folder (`WIDGET_EXTENSION_DATA`).
    public var dataDirectory: String?
    /// The child's memory limit in bytes, nil for none: its data segment beyond its executable's own
    /// writable image (`RLIMIT_DATA`, set before it runs; see `ExecutableImage`) and, sandboxed, the
    /// footprint of all its processes (watched; over it, they are stopped).
    public var memoryLimit: Int?
    /// The largest file the child may write, in bytes (`RLIMIT_FSIZE`; its data folder's quota); nil
    /// for none. Past it the kernel ends it with SIGXFSZ.
    public var fileSizeLimit: Int?
    /// The descriptors each of its processes may hold (`RLIMIT_NOFILE`); nil to leave the host's.
    /// Sandboxed, reaching it is also reported (`LaunchedProcess.limitNotes`).
    public var descriptorLimit: Int?
    /// The processes and threads it may have, all counted (sandboxed: watched, and over it they are
    /// stopped; in the full sandbox also `RLIMIT_NPROC` in its user namespace); nil for none.
    public var processLimit: Int?
    /// The host's folders (every extension's store and data, the control socket's): absent from the
    /// full sandbox's root but for the extension's own data folder, and never granted.
    public var hiddenFolders: [String] = []
    /// More the full sandbox's root holds, read-only, beyond what the extension needs to run
    /// (`ExtensionRoot`): a run configuration's `readPaths`.
    public var readPaths: [String] = []
    /// Full sandbox: report what the extension tries to open that its root lacks (`RefusedReads`).
    /// Each open goes by the namespace's init, which costs a launch some milliseconds.
    public var reportsRefusedOpens = false
    /// The child's end of the network route (`NetworkGateway`), given as descriptor 4 and named by
    /// `WIDGET_HOST_NETWORK_FD`; nil for none. The caller keeps ownership.
    public var networkDescriptor: Int32?

    public init(executable: String, arguments: [String] = [], environment: [String: String] = [:], logFile: String? = nil,
                dataDirectory: String? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.logFile = logFile
        self.dataDirectory = dataDirectory
    }
}

/// Starts an extension in its sandbox (see `SandboxLevel`) with a socketpair: the child gets its end
/// as descriptor 3 (named by `WIDGET_HOST_FD`), standard input from /dev/null, standard output and
/// error to the log file. No shell, no `Process` run loop.
public struct PosixProcessLauncher: ProcessLauncher {
    public static let childDescriptor: Int32 = 3
    /// Where the child finds the network route, when it has one.
    public static let childNetworkDescriptor: Int32 = 4

    public var limits: ProtocolLimits
    public var sandbox: SandboxLevel

    public init(limits: ProtocolLimits = .default, sandbox: SandboxLevel = .strongestAvailable) {
        self.limits = limits
        self.sandbox = sandbox
    }

    public func launch(_ spec: LaunchSpec) throws(LaunchError) -> LaunchedProcess {
        guard FileSystem.isExecutable(spec.executable) else {
            throw .extensionNotExecutable(path: spec.executable, errno: .current)
        }
        let dataLimit = spec.memoryLimit.map { max(0, $0) + ExecutableImage.writableSegmentBytes(of: spec.executable) }
        let (hostEnd, childEnd): (FileDescriptor, FileDescriptor)
        do { (hostEnd, childEnd) = try UnixSocket.pair() } catch { throw .system(call: "socketpair", errno: error) }
        defer { childEnd.close() }
        let log = spec.logFile.flatMap { try? FileDescriptor.open($0, [.writeOnly, .create, .append], permissions: 0o600) }
        defer { log?.close() }
        var status: (read: FileDescriptor, write: FileDescriptor)?
        var refusals: (read: FileDescriptor, write: FileDescriptor)?
        if sandbox == .full {
            do {
                status = try FileDescriptor.pipe()
                try status?.read.setNonBlocking()
            } catch {
                hostEnd.close()
                throw .system(call: "pipe", errno: error)
            }
            // Both ends non-blocking: the init drops a report rather than wait for the host.
            if spec.reportsRefusedOpens { refusals = try? FileDescriptor.pipe(nonBlocking: true) }
        }
        defer { status?.write.close() }
        defer { refusals?.write.close() }
        func closeHostEnds() {
            hostEnd.close()
            status?.read.close()
            refusals?.read.close()
        }

        var pid: pid_t = 0
        var step: Int32 = 0
        var code: Int32 = 0
        var index: Int32 = -1
        let environment = Self.environment(for: spec)
        let envStrings = environment.map { "\($0.key)=\($0.value)" }.sorted()
        // The full sandbox starts the executable at its real path: the root holds it there.
        let path = sandbox == .full ? Self.realPath(spec.executable) : spec.executable
        let root: ExtensionRoot
        do {
            root = sandbox == .full ? try Self.root(for: spec, executable: path, libraryPath: environment["LD_LIBRARY_PATH"]) : ExtensionRoot.empty
        } catch {
            closeHostEnds()
            throw error
        }
        let result = withCStrings([spec.executable] + spec.arguments) { argv in
            withCStrings(envStrings) { envp in
                withCStrings(root.readPaths) { readPaths in
                    withCStrings(root.symlinks.flatMap { [$0.path, $0.target] }) { symlinks in
                        path.withCString { path in
                            withOptionalCString(spec.dataDirectory) { data in
                                var launch = widgethost_launch()
                                launch.path = path
                                launch.argv = argv
                                launch.envp = envp
                                launch.channel_fd = childEnd.rawValue
                                launch.stderr_fd = log?.rawValue ?? -1
                                launch.network_fd = spec.networkDescriptor ?? -1
                                launch.data_limit = dataLimit.map { UInt64($0) } ?? 0
                                launch.file_size_limit = UInt64(max(0, spec.fileSizeLimit ?? 0))
                                launch.descriptor_limit = UInt(max(0, spec.descriptorLimit ?? 0))
                                // A backstop above the watch's limit: its namespace's init is a task of the same
                                // user there, and one more lets the watch see it over and say so.
                                launch.process_limit = spec.processLimit.map { UInt(max(1, $0) + 2) } ?? 0
                                launch.level = sandbox.rank
                                launch.data_dir = data
                                launch.read_paths = UnsafePointer(OpaquePointer(readPaths))
                                launch.symlinks = UnsafePointer(OpaquePointer(symlinks))
                                launch.status_fd = status?.write.rawValue ?? -1
                                launch.refusal_fd = refusals?.write.rawValue ?? -1
                                launch.uid = CurrentProcess.userID
                                launch.gid = CurrentProcess.groupID
                                return widgethost_launch(&launch, &pid, &step, &code, &index)
                            }
                        }
                    }
                }
            }
        }
        guard result == 0 else {
            closeHostEnds()
            if step == Int32(WIDGETHOST_STEP_EXEC.rawValue) { throw .spawnFailed(path: spec.executable, errno: Errno(code)) }
            if step == Int32(WIDGETHOST_STEP_GRANT.rawValue), root.readPaths.indices.contains(Int(index)) {
                throw .grantFailed(path: spec.executable, granted: root.readPaths[Int(index)], errno: Errno(code))
            }
            throw .sandboxFailed(path: spec.executable, level: sandbox.rawValue, step: LaunchStep(step), errno: Errno(code))
        }
        let exit = try? ChildProcess(pid: pid).exitDescriptor()
        try? exit?.setCloseOnExec()
        return LaunchedProcess(pid: pid, channel: FrameChannel(fd: hostEnd.rawValue, limits: limits, peerExit: exit?.rawValue),
                               sandbox: sandbox, statusPipe: status?.read.rawValue, memoryLimit: spec.memoryLimit,
                               processLimit: spec.processLimit, descriptorLimit: spec.descriptorLimit,
                               refusedReads: refusals.map { RefusedReads(pipe: $0.read.rawValue, writable: spec.dataDirectory.map { [$0] } ?? []) })
    }
}

extension PosixProcessLauncher {
    /// Of the host's environment, what a program needs to start and speak the user's language; the
    /// rest (credentials, tokens, the host's own settings) stays with the host.
    public static let inheritedEnvironment: Set<String> = ["PATH", "LD_LIBRARY_PATH", "LANG", "LANGUAGE", "TZ"]

    /// An extension's environment: the allow-listed variables (and `LC_*`), what the spec adds, the
    /// channel's descriptor, and, when it has a data folder, `HOME` and `TMPDIR` inside it.
    static func environment(for spec: LaunchSpec) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { inheritedEnvironment.contains($0.key) || $0.key.hasPrefix("LC_") }
        for (k, v) in spec.environment { environment[k] = v }
        environment["WIDGET_HOST_FD"] = String(childDescriptor)
        if spec.networkDescriptor != nil { environment["WIDGET_HOST_NETWORK_FD"] = String(childNetworkDescriptor) }
        if let data = spec.dataDirectory {
            environment["WIDGET_EXTENSION_DATA"] = data
            environment["HOME"] = data
            let temporary = (data as NSString).appendingPathComponent("tmp")
            do {
                try FileSystem.makeDirectory(temporary, permissions: 0o700)
                environment["TMPDIR"] = temporary
            } catch .fileExists {
                environment["TMPDIR"] = temporary
            } catch {}
        }
        return environment
    }
}

extension PosixProcessLauncher {
    /// The root for `spec` in the full sandbox. A configured read path must exist and may not reach
    /// the host's folders or the data folder, in either direction.
    package static func root(for spec: LaunchSpec, executable: String, libraryPath: String?) throws(LaunchError) -> ExtensionRoot {
        let fenced = (spec.hiddenFolders + (spec.dataDirectory.map { [$0] } ?? [])).map(realPath)
        var extra: [String] = []
        for given in spec.readPaths {
            guard given.hasPrefix("/"), FileSystem.exists(given) else {
                throw .readPathRefused(path: spec.executable, granted: given, reason: "it does not exist or is not an absolute path")
            }
            let path = realPath(given)
            if let fence = fenced.first(where: { path == $0 || path.hasPrefix($0 == "/" ? $0 : $0 + "/") || $0.hasPrefix(path == "/" ? path : path + "/") }) {
                throw .readPathRefused(path: spec.executable, granted: given, reason: "it reaches \(fence), which the host keeps from every extension")
            }
            extra.append(given)
        }
        return ExtensionRoot.of(executable: executable, libraryPath: libraryPath, extra: extra)
    }

    package static func realPath(_ path: String) -> String {
        (try? FileSystem.resolvedPath(path)) ?? path
    }
}

func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

