import Glibc

/// What `stat` says about a file, as far as the project asks: its kind, owner, permissions, size.
public struct FileStatus: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case regular, directory, symbolicLink, socket, fifo, characterDevice, blockDevice, unknown
    }

    public var kind: Kind
    /// The permission bits (`st_mode & 0o7777`).
    public var permissions: mode_t
    public var owner: uid_t
    public var size: Int64
    /// When its contents last changed, in nanoseconds since 1970 (a cache keyed on it sees a rebuild).
    public var modified: Int64
    /// Blocks of 512 bytes the file holds on the disk (a sparse file holds fewer than its size).
    public var allocatedBlocks: Int64

    init(_ st: stat) {
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFSOCK: kind = .socket
        case S_IFIFO: kind = .fifo
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        default: kind = .unknown
        }
        permissions = st.st_mode & 0o7777
        owner = st.st_uid
        size = Int64(st.st_size)
        allocatedBlocks = Int64(st.st_blocks)
        modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
    }
}
