import Foundation
import FoundationAdditions

/// What every type of this module shares: the host gives widgets no network. One place says what
/// "offline" looks like (the path, the error a connection waits with) and says it once on stderr.
enum OfflineNetwork {
    /// The error a connection or listener waits with. Apple's Network framework reports
    /// `ENETDOWN` ("Network is down") while no interface can reach the endpoint; here none ever can.
    static let waitingError = NWError.posix(.ENETDOWN)

    /// The error pending sends and receives complete with once their connection is cancelled, as
    /// Apple's do.
    static let cancelledError = NWError.posix(.ECANCELED)

    /// The path a device with every interface down has: unsatisfied, no interfaces, no DNS.
    static let path = NWPath(status: .unsatisfied, unsatisfiedReason: .notAvailable)

    private static let notice = OneTimeNotice(
        "Network: widgets have no network here; NWPathMonitor reports .unsatisfied and NWConnection waits with ENETDOWN (no socket is opened)")

    /// Tells the author once per process why nothing connects: a widget that polls on every
    /// timeline reload does not flood its log.
    static func sayOnce() { notice.sayOnce() }
}
