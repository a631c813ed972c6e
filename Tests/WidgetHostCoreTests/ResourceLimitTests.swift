import Foundation
@testable import WidgetHostCore
import HostTestSupport
import WidgetProcess
import WidgetStore
import XCTest

/// The limits on what an extension may take besides memory, each with its own fault, tried by real
/// processes that go over them: its data folder's quota (many small files; one file without end),
/// its processes and threads, its descriptors.
final class ResourceLimitTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func host(sandbox: SandboxLevel = .strongestAvailable) throws -> WidgetHost {
        if sandbox > .strongestAvailable { throw XCTSkip("the \(sandbox) sandbox is not available here") }
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: VirtualClock(start: t0),
                              launcher: PosixProcessLauncher(sandbox: sandbox))
        addTeardownBlock { host.shutdown() }
        return host
    }

    private func session(_ host: WidgetHost, _ kind: String) throws -> WidgetSession {
        WidgetSession(host: host, instance: WidgetInstance(
            id: kind, extensionPath: try BuiltProducts.executable("Misbehaving"), kind: kind, family: .systemSmall))
    }

    private func faults(_ host: WidgetHost, _ kind: SupervisionEvent.Kind) -> [String] {
        host.events.filter { $0.kind == kind }.map(\.detail)
    }

    /// Small files that add up past the quota: the answer is kept, then the extension is stopped, and
    /// it is not launched again while its folder is over; once it is under, it is.
    func testADataFolderOverItsQuotaStopsTheExtensionUntilItIsUnder() throws {
        let host = try host()
        host.supervision.dataQuota = 1 << 20
        XCTAssertNoThrow(try session(host, "manyFiles").reload(), "the answer itself is good")
        let folder = host.store.dataDirectory("Misbehaving").path
        let fault = try XCTUnwrap(faults(host, .dataQuotaExceeded).first, "\(host.events)")
        XCTAssertTrue(fault.contains("its data folder \(folder) holds at least") && fault.contains("over its quota of 1.0 MiB"), fault)
        XCTAssertNil(host.runningProcessID(try BuiltProducts.executable("Misbehaving")), "stopped")

        XCTAssertThrowsError(try session(host, "healthy").reload()) { error in
            guard case .dataQuotaExceeded(let id, let path, _, let quota) = error as? HostError else { return XCTFail("\(error)") }
            XCTAssertEqual([id, path], ["Misbehaving", folder])
            XCTAssertEqual(quota, 1 << 20)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/cache-0"), "its files are its own: never deleted")
        for i in 0..<40 { try FileManager.default.removeItem(atPath: folder + "/cache-\(i)") }
        (host.clock as? VirtualClock)?.advance(by: 120)  // past the back-off
        XCTAssertNoThrow(try session(host, "healthy").reload())
    }

    /// One file written without end: the kernel's file size limit ends the process, and the fault
    /// says it was the quota, not a crash.
    func testAFileWrittenPastTheQuotaEndsTheExtensionWithItsOwnFault() throws {
        for sandbox in [SandboxLevel.none, .full] where sandbox <= .strongestAvailable {
            let host = try host(sandbox: sandbox)
            host.supervision.dataQuota = 1 << 20
            XCTAssertThrowsError(try session(host, "bigFile").reload(), "\(sandbox)")
            let fault = faults(host, .dataQuotaExceeded).first
            XCTAssertTrue(fault?.contains("SIGXFSZ") == true, "\(sandbox): \(host.events.map { "\($0.kind): \($0.detail)" })")
            XCTAssertTrue(faults(host, .crashed).isEmpty, "\(sandbox)")
        }
    }

    func testThreadsPastTheProcessLimitAreStoppedWithTheirOwnFault() throws {
        for sandbox in [SandboxLevel.basic, .full] where sandbox <= .strongestAvailable {
            let host = try host(sandbox: sandbox)
            host.supervision.processLimit = 32
            XCTAssertThrowsError(try session(host, "threadBomb").reload(), "\(sandbox)")
            let fault = faults(host, .processLimitExceeded).first
            XCTAssertTrue(fault?.contains("limit 32") == true, "\(sandbox): \(host.events.map { "\($0.kind): \($0.detail)" })")
        }
    }

    /// Descriptors are the kernel's to refuse (EMFILE, as iOS does past its 256); the host notes the
    /// extension reached its limit.
    func testTheDescriptorLimitIsTheKernelsAndReachingItIsNoted() throws {
        for sandbox in [SandboxLevel.none, .full] where sandbox <= .strongestAvailable {
            let host = try host(sandbox: sandbox)
            host.supervision.descriptorLimit = 64
            let probe = try session(host, "manyDescriptors")
            XCTAssertEqual(try probe.reload().entries.count, 1)
            let text = try probe.render().texts.joined(separator: " ")
            XCTAssertTrue(text.hasPrefix("opened ") && text.hasSuffix("Too many open files"), text)
            let opened = Int(text.dropFirst("opened ".count).prefix { $0.isNumber }) ?? 0
            XCTAssertTrue((50..<64).contains(opened), "the limit held, less what the runtime had open: \(opened)")
            XCTAssertTrue(faults(host, .descriptorLimitReached).first?.contains("its limit of 64 descriptors") == true,
                          "\(sandbox): \(host.events.map { "\($0.kind): \($0.detail)" })")
        }
    }
}
