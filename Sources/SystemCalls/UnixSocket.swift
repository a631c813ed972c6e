import CProcessContainment
import Glibc

/// Unix domain stream sockets: the control socket, its clients, and the channels between the host
/// and its extensions. Every socket is close-on-exec; sends never raise `SIGPIPE` (a peer gone is
/// `.brokenPipe`).
public enum UnixSocket {
    /// Why a path cannot name a socket: longer than `sockaddr_un` holds.
    public struct PathTooLong: Error, Hashable, Sendable {
        public var path: String
        public var limit: Int
    }

    /// The longest path a socket can be bound or connected at, in bytes.
    public static var pathLimit: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    /// A new, unconnected stream socket.
    public static func make() throws(Errno) -> FileDescriptor {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    /// Two connected sockets.
    public static func pair() throws(Errno) -> (FileDescriptor, FileDescriptor) {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { throw .current }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) throws(PathTooLong) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count <= pathLimit else { throw PathTooLong(path: path, limit: pathLimit) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Why binding or connecting failed: the path, or the call.
    public enum AddressError: Error, Hashable, Sendable {
        case pathTooLong(PathTooLong)
        case system(Errno)
    }

    public static func bind(_ socket: FileDescriptor, to path: String) throws(AddressError) {
        let result: Int32
        do { result = try withAddress(path) { Glibc.bind(socket.rawValue, $0, $1) } } catch { throw .pathTooLong(error) }
        guard result == 0 else { throw .system(.current) }
    }

    public static func connect(_ socket: FileDescriptor, to path: String) throws(AddressError) {
        let result: Int32
        do { result = try withAddress(path) { Glibc.connect(socket.rawValue, $0, $1) } } catch { throw .pathTooLong(error) }
        guard result == 0 else { throw .system(.current) }
    }

    public static func listen(_ socket: FileDescriptor, backlog: Int32) throws(Errno) {
        guard Glibc.listen(socket.rawValue, backlog) == 0 else { throw .current }
    }

    /// The next connection (close-on-exec); `EINTR` is retried.
    public static func accept(_ socket: FileDescriptor) throws(Errno) -> FileDescriptor {
        let fd = FileDescriptor(rawValue: try Errno.retryingInterrupts { Glibc.accept(socket.rawValue, nil, nil) })
        do { try fd.setCloseOnExec() } catch { fd.close(); throw error }
        return fd
    }

    /// Who is at the other end of a connected socket (`SO_PEERCRED`).
    public static func peer(of socket: FileDescriptor) -> (pid: pid_t, uid: uid_t)? {
        var pid: pid_t = 0, uid: uid_t = 0
        guard widgethost_peer_credentials(socket.rawValue, &pid, &uid) == 0 else { return nil }
        return (pid, uid)
    }
}

extension FileDescriptor {
    /// Sends some of `bytes` on a socket; `EINTR` is retried, and a peer gone is `.brokenPipe` (or
    /// `.connectionReset`), never `SIGPIPE`.
    public func send(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try Errno.retryingInterrupts { Glibc.send(rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends every byte, in as many calls as it takes.
    public func sendAll(_ bytes: some Sequence<UInt8>) throws(Errno) {
        try Self.all(bytes) { (rest) throws(Errno) in try send(rest) }
    }

    /// Receives some bytes; 0 when the peer has closed. `EINTR` is retried.
    public func receive(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Errno.retryingInterrupts { recv(rawValue, buffer.baseAddress, buffer.count, 0) }
    }

    /// Makes a blocking `send` give up with `.wouldBlock` after `seconds` (a peer that never reads).
    public func setSendTimeout(seconds: Int) throws(Errno) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        guard setsockopt(rawValue, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size)) == 0 else { throw .current }
    }

    public enum ShutdownDirection: Sendable { case read, write, both }

    /// Ends one or both directions of a connection; the peer reads the end of the stream.
    public func shutdown(_ direction: ShutdownDirection) {
        let how: Int32 = switch direction {
        case .read: Int32(SHUT_RD)
        case .write: Int32(SHUT_WR)
        case .both: Int32(SHUT_RDWR)
        }
        _ = Glibc.shutdown(rawValue, how)
    }
}
