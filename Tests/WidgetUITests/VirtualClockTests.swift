#if canImport(Glibc)
import Glibc
#endif
import CVirtualClock
import Dispatch
import Foundation
import XCTest

/// An extension's realtime clock follows the host's (possibly virtual) clock. Waits with an absolute
/// realtime deadline must still last the real interval asked for, whichever way the clock is shifted:
/// Dispatch's semaphores (so Swift concurrency's worker threads) and Foundation's conditions use them.
/// The test process links the same clock shim as an extension.
final class VirtualClockTests: XCTestCase {
    private static let year: Int64 = 365 * 86_400 * 1_000_000_000

    private func withShiftedClock(by offset: Int64, _ body: () throws -> Void) rethrows {
        let before = Date()
        widgethost_set_realtime_offset(offset)
        defer { widgethost_set_realtime_offset(0) }
        XCTAssertEqual(Date().timeIntervalSince(before), Double(offset) / 1e9, accuracy: 5, "Date() follows the shifted clock")
        try body()
    }

    /// Seconds a wait actually took, on the monotonic clock.
    private func elapsed(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Each wait asks for 0.2 s. A rescuer thread wakes every waiter after 1.5 s (it sleeps on the
    /// monotonic clock), so a wait that would oversleep fails the test instead of hanging it. Nothing
    /// here depends on how busy the machine is: a wait that returned early took less than its 0.2 s
    /// (load only makes waits longer), and one that overslept was woken by the rescuer instead of
    /// timing out, which its result says.
    private func assertWaitsTheRealInterval(offset: Int64, file: StaticString = #filePath, line: UInt = #line) {
        // `@unchecked Sendable`: the primitives are thread-safe; the pthread values are set up before the
        // rescuer starts and torn down after the waits.
        final class Waiters: @unchecked Sendable {
            let semaphore = DispatchSemaphore(value: 0)
            let condition = NSCondition()
            var attributes = pthread_condattr_t()
            var monotonic = pthread_cond_t()
            var mutex = pthread_mutex_t()
            init() {
                pthread_condattr_init(&attributes)
                pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
                pthread_cond_init(&monotonic, &attributes)
                pthread_mutex_init(&mutex, nil)
            }
            func wakeAll() {
                semaphore.signal()
                condition.broadcast()
                pthread_mutex_lock(&mutex)
                pthread_cond_broadcast(&monotonic)
                pthread_mutex_unlock(&mutex)
            }
            deinit {
                pthread_cond_destroy(&monotonic)
                pthread_mutex_destroy(&mutex)
                pthread_condattr_destroy(&attributes)
            }
        }
        withShiftedClock(by: offset) {
            let waiters = Waiters()
            let rescuer = Thread {
                for _ in 0..<3 {
                    usleep(1_500_000)
                    waiters.wakeAll()
                }
            }
            rescuer.start()

            var semaphoreResult = DispatchTimeoutResult.success
            let semaphoreWait = elapsed { semaphoreResult = waiters.semaphore.wait(timeout: .now() + 0.2) }
            XCTAssertGreaterThan(semaphoreWait, 0.15, "semaphore wait returned early", file: file, line: line)
            XCTAssertEqual(semaphoreResult, .timedOut, "semaphore wait overslept until the rescuer", file: file, line: line)

            var signalled = true
            let conditionWait = elapsed {
                waiters.condition.lock()
                signalled = waiters.condition.wait(until: Date().addingTimeInterval(0.2))
                waiters.condition.unlock()
            }
            XCTAssertGreaterThan(conditionWait, 0.15, "condition wait returned early", file: file, line: line)
            XCTAssertFalse(signalled, "condition wait overslept until the rescuer", file: file, line: line)

            // A condition on the monotonic clock takes a monotonic deadline: not shifted.
            var monotonicResult: Int32 = 0
            let monotonicWait = elapsed {
                var deadline = timespec()
                clock_gettime(CLOCK_MONOTONIC, &deadline)
                deadline.tv_nsec += 200_000_000
                if deadline.tv_nsec >= 1_000_000_000 { deadline.tv_sec += 1; deadline.tv_nsec -= 1_000_000_000 }
                pthread_mutex_lock(&waiters.mutex)
                monotonicResult = pthread_cond_timedwait(&waiters.monotonic, &waiters.mutex, &deadline)
                pthread_mutex_unlock(&waiters.mutex)
            }
            XCTAssertGreaterThan(monotonicWait, 0.15, "monotonic condition wait returned early", file: file, line: line)
            XCTAssertEqual(monotonicResult, ETIMEDOUT, "monotonic condition wait overslept until the rescuer", file: file, line: line)
        }
    }

    /// `NSLock.lock(before:)` waits on a lock another thread holds until its deadline, in real time. The
    /// holder lets go after 0.7 s, so a wait that would oversleep acquires it (and fails) instead of
    /// hanging.
    private func assertLockWaitsTheRealInterval(offset: Int64, file: StaticString = #filePath, line: UInt = #line) {
        withShiftedClock(by: offset) {
            let lock = NSLock()
            lock.lock()
            let rescuer = Thread { usleep(700_000); lock.unlock() }
            rescuer.start()
            var acquired = false
            let lockWait = elapsed { acquired = lock.lock(before: Date().addingTimeInterval(0.2)) }
            XCTAssertGreaterThan(lockWait, 0.15, "lock(before:) returned early", file: file, line: line)
            XCTAssertFalse(acquired, "lock(before:) overslept until the holder let go", file: file, line: line)
            if acquired { lock.unlock() }
            usleep(UInt32(max(0, 0.8 - lockWait) * 1_000_000))  // until the rescuer has unlocked it
        }
    }

    func testLockDeadlinesLastTheRealIntervalWhicheverWayTheClockIsShifted() {
        assertLockWaitsTheRealInterval(offset: -Self.year)
        assertLockWaitsTheRealInterval(offset: Self.year)
    }

    func testTimedWaitsLastTheRealIntervalWithTheClockInThePast() {
        assertWaitsTheRealInterval(offset: -Self.year)
    }

    func testTimedWaitsLastTheRealIntervalWithTheClockInTheFuture() {
        assertWaitsTheRealInterval(offset: Self.year)
    }

    func testAnInvalidDeadlineIsStillRejected() {
        withShiftedClock(by: -Self.year) {
            var semaphore = sem_t()
            sem_init(&semaphore, 0, 0)
            var deadline = timespec(tv_sec: 0, tv_nsec: 2_000_000_000)
            XCTAssertEqual(sem_timedwait(&semaphore, &deadline), -1)
            XCTAssertEqual(errno, EINVAL)
            sem_destroy(&semaphore)
        }
    }
}
