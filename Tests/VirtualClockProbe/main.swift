// Checks of the virtual clock shim (CVirtualClock), one per run, in a process of their own: a check
// shifts the whole process's clock, which must not reach the test process (VirtualClockTests runs
// this). `virtual-clock-probe CHECK` prints "ok CHECK" and exits 0, or prints each failure and exits
// 1; `virtual-clock-probe bench` prints what a clock read costs.
//
// A wait asks for 0.2 s. A rescuer thread wakes it (or lets go of the lock it waits for) after 1.5 s,
// so a wait that would oversleep fails its check instead of hanging the probe. Nothing here depends
// on how busy the machine is: a wait that returned early took less than its 0.2 s (load only makes
// waits longer), and one that overslept was woken by the rescuer instead of timing out, which its
// result says.
#if canImport(Glibc)
import Glibc
#endif
import CVirtualClock
import Dispatch
import Foundation
import VirtualClockProbeSupport

let year: Int64 = 365 * 86_400 * 1_000_000_000

// MARK: - Reporting

/// The failures of the check being run.
final class Check {
    private(set) var failures: [String] = []

    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append(message()) }
    }

    func expectNear(_ value: Double, _ expected: Double, within tolerance: Double, _ what: String) {
        expect(abs(value - expected) <= tolerance, "\(what) is \(value), expected \(expected) ± \(tolerance)")
    }

    /// A wait that asked for 0.2 s: it lasted at least about that, and ended by itself (`result` is
    /// what a timeout returns), not by the rescuer.
    func expectRealInterval(_ what: String, took seconds: Double, result: Int32, timedOut: Int32) {
        expect(seconds > 0.15, "\(what) returned early, after \(seconds) s")
        expect(result == timedOut, "\(what) overslept until the rescuer (result \(result), not \(timedOut))")
    }
}

func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

// MARK: - Clocks and deadlines

/// Seconds `body` took, on the monotonic clock.
func elapsed(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Double(seconds) + Double(attoseconds) / 1e18
}

func seconds(_ ts: timespec) -> Double { Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9 }

/// A clock as this process sees it (through the shim).
func reading(_ clock: clockid_t) -> timespec {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return ts
}

/// A clock as the kernel keeps it, past the shim.
func realReading(_ clock: clockid_t) -> timespec {
    var ts = timespec()
    probe_syscall_clock_gettime(clock, &ts)
    return ts
}

/// `interval` seconds from now on `clock`, as this process sees it: the deadline a caller would pass.
func deadline(in interval: Double, on clock: clockid_t = CLOCK_REALTIME) -> timespec {
    var ts = reading(clock)
    let whole = interval.rounded(.down)
    ts.tv_sec += Int(whole)
    ts.tv_nsec += Int((interval - whole) * 1e9)
    if ts.tv_nsec >= 1_000_000_000 {
        ts.tv_sec += 1
        ts.tv_nsec -= 1_000_000_000
    }
    return ts
}

func shiftClock(by offset: Int64, _ check: Check) {
    let result = widgethost_set_realtime_offset(offset)
    check.expect(result == 0, "the shim refused an offset of \(offset) ns: \(errorText(errno))")
}

// MARK: - Helpers for waits

/// A C synchronisation object at a fixed address, as pthread objects must be.
final class Pinned<Value>: @unchecked Sendable {
    let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    init(_ value: Value) { pointer.initialize(to: value) }
    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

func makeMutex() -> Pinned<pthread_mutex_t> {
    let mutex = Pinned(pthread_mutex_t())
    pthread_mutex_init(mutex.pointer, nil)
    return mutex
}

func makeRWLock() -> Pinned<pthread_rwlock_t> {
    let lock = Pinned(pthread_rwlock_t())
    pthread_rwlock_init(lock.pointer, nil)
    return lock
}

func makeCondition(clock: clockid_t) -> Pinned<pthread_cond_t> {
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, clock)
    let condition = Pinned(pthread_cond_t())
    pthread_cond_init(condition.pointer, &attributes)
    pthread_condattr_destroy(&attributes)
    return condition
}

func makeSemaphore() -> Pinned<sem_t> {
    let semaphore = Pinned(sem_t())
    sem_init(semaphore.pointer, 0, 0)
    return semaphore
}

/// A thread that runs `first`, then `last` once dismissed or after `patience` seconds, whichever comes
/// first; `last` is told which (true: patience ran out). `last` wakes, or lets go of, what a wait under
/// test waits for, so that a wait that would oversleep ends instead of hanging the probe. Patience is
/// `poll`'s relative timeout on a pipe that `dismiss` writes to: a system call the clock shim does not
/// touch (Dispatch's timed waits are `sem_timedwait`, with a realtime deadline the shim shifts).
final class Rescuer: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Read end, write end; written once, by `dismiss`.
    private var dismissal: [Int32] = [-1, -1]

    init(patience: Double, first: @escaping @Sendable () -> Void, last: @escaping @Sendable (_ rescuing: Bool) -> Void) {
        precondition(pipe(&dismissal) == 0, "pipe failed")
        let thread = Thread { [self] in
            first()
            ready.signal()
            var watch = pollfd(fd: dismissal[0], events: Int16(POLLIN), revents: 0)
            var ready: Int32
            repeat { ready = poll(&watch, 1, Int32(patience * 1000)) } while ready < 0 && errno == EINTR
            last(ready == 0)
            finished.signal()
        }
        thread.start()
        ready.wait()
    }

    /// Has `last` run now if it has not yet, and returns once it has.
    func dismiss() {
        var byte: UInt8 = 1
        _ = write(dismissal[1], &byte, 1)
        finished.wait()
        close(dismissal[0])
        close(dismissal[1])
    }
}

/// Runs `wait` under a rescuer made of `first` and `last`, and returns its result and duration.
func timed(patience: Double = 1.5, first: @escaping @Sendable () -> Void = {},
           rescue last: @escaping @Sendable (_ rescuing: Bool) -> Void, _ wait: () -> Int32) -> (result: Int32, seconds: Double) {
    let rescuer = Rescuer(patience: patience, first: first, last: last)
    var result: Int32 = 0
    let seconds = elapsed { result = wait() }
    rescuer.dismiss()
    return (result, seconds)
}

/// The rescue for a condition wait: a broadcast, under the condition's mutex.
func broadcasting(_ condition: Pinned<pthread_cond_t>, _ mutex: Pinned<pthread_mutex_t>) -> @Sendable (Bool) -> Void {
    { rescuing in
        guard rescuing else { return }
        pthread_mutex_lock(mutex.pointer)
        pthread_cond_broadcast(condition.pointer)
        pthread_mutex_unlock(mutex.pointer)
    }
}

/// `sem_*wait`'s result as an error number, as the pthread functions return it.
func semaphoreResult(_ result: Int32) -> Int32 { result == 0 ? 0 : errno }

// MARK: - Checks: reading the clock

/// Date(), gettimeofday, time and clock_gettime (realtime) are the real clock plus the offset; the
/// monotonic and boot clocks are the kernel's.
func clockFollows(offset: Int64, _ check: Check) {
    shiftClock(by: offset, check)
    let expected = Double(offset) / 1e9
    let real = seconds(realReading(CLOCK_REALTIME))
    check.expectNear(Date().timeIntervalSince1970 - real, expected, within: 1, "Date() - real time")
    check.expectNear(seconds(reading(CLOCK_REALTIME)) - real, expected, within: 1, "clock_gettime(CLOCK_REALTIME) - real time")
    check.expectNear(seconds(reading(CLOCK_REALTIME_COARSE)) - real, expected, within: 1, "clock_gettime(CLOCK_REALTIME_COARSE) - real time")
    var tv = timeval()
    check.expect(gettimeofday(&tv, nil) == 0, "gettimeofday failed: \(errorText(errno))")
    check.expectNear(Double(tv.tv_sec) + Double(tv.tv_usec) / 1e6 - real, expected, within: 1, "gettimeofday - real time")
    var stored: time_t = 0
    let returned = time(&stored)
    check.expect(returned == stored, "time returned \(returned) but stored \(stored)")
    check.expectNear(Double(time(nil)) - real, expected, within: 2, "time - real time")
    for (name, clock) in [("CLOCK_MONOTONIC", CLOCK_MONOTONIC), ("CLOCK_BOOTTIME", CLOCK_BOOTTIME)] {
        check.expectNear(seconds(reading(clock)) - seconds(realReading(clock)), 0, within: 1, "\(name) - the kernel's")
    }
}

/// gettimeofday takes NULL for either argument, and fills a time zone as the C library does.
func gettimeofdayArguments(_ check: Check) {
    shiftClock(by: -year, check)
    var shim = timezone(tz_minuteswest: 77, tz_dsttime: 77), libc = timezone(tz_minuteswest: 88, tz_dsttime: 88)
    var tv = timeval()
    check.expect(probe_gettimeofday(nil, &shim) == 0, "gettimeofday(NULL, tz) failed: \(errorText(errno))")
    check.expect(probe_libc_gettimeofday(&tv, &libc) == 0, "the C library's gettimeofday failed: \(errorText(errno))")
    check.expect(shim.tz_minuteswest == libc.tz_minuteswest && shim.tz_dsttime == libc.tz_dsttime,
                 "time zone (\(shim.tz_minuteswest), \(shim.tz_dsttime)), the C library's (\(libc.tz_minuteswest), \(libc.tz_dsttime))")
    check.expect(probe_gettimeofday(&tv, nil) == 0, "gettimeofday(tv, NULL) failed: \(errorText(errno))")
    check.expect(probe_gettimeofday(nil, nil) == 0, "gettimeofday(NULL, NULL) failed: \(errorText(errno))")
}

/// The largest offsets either way move the clock by ±292 years, not round to the other end.
func extremeOffsetsDoNotWrap(_ check: Check) {
    for offset in [Int64.max, Int64.min] {
        clockFollows(offset: offset, check)
    }
}

// MARK: - Checks: timed waits

/// A semaphore (Dispatch's waits on glibc's with a realtime deadline), NSCondition (a realtime
/// condition variable) and a monotonic condition variable, whose deadline must not move.
func waitsLastTheRealInterval(offset: Int64, _ check: Check) {
    shiftClock(by: offset, check)
    let semaphore = DispatchSemaphore(value: 0)
    let semaphoreWait = timed(rescue: { rescuing in if rescuing { semaphore.signal() } }) {
        semaphore.wait(timeout: .now() + 0.2) == .timedOut ? ETIMEDOUT : 0
    }
    check.expectRealInterval("DispatchSemaphore.wait(timeout:)", took: semaphoreWait.seconds, result: semaphoreWait.result, timedOut: ETIMEDOUT)

    let condition = NSCondition()
    var signalled = true
    let conditionWait = timed(rescue: { rescuing in if rescuing { condition.broadcast() } }) {
        condition.lock()
        signalled = condition.wait(until: Date().addingTimeInterval(0.2))
        condition.unlock()
        return 0
    }
    check.expectRealInterval("NSCondition.wait(until:)", took: conditionWait.seconds, result: signalled ? 0 : ETIMEDOUT, timedOut: ETIMEDOUT)

    let monotonic = makeCondition(clock: CLOCK_MONOTONIC), mutex = makeMutex()
    let monotonicWait = timed(rescue: broadcasting(monotonic, mutex)) {
        var until = deadline(in: 0.2, on: CLOCK_MONOTONIC)
        pthread_mutex_lock(mutex.pointer)
        defer { pthread_mutex_unlock(mutex.pointer) }
        return pthread_cond_timedwait(monotonic.pointer, mutex.pointer, &until)
    }
    check.expectRealInterval("pthread_cond_timedwait on a monotonic condition", took: monotonicWait.seconds,
                             result: monotonicWait.result, timedOut: ETIMEDOUT)
}

/// `NSLock.lock(before:)` (pthread_mutex_timedlock) and the read-write locks' timed waits, on locks
/// another thread holds.
func locksWaitTheRealInterval(offset: Int64, _ check: Check) {
    shiftClock(by: offset, check)
    let lock = NSLock()
    var acquired = true
    let lockWait = timed(first: { lock.lock() }, rescue: { _ in lock.unlock() }) {
        acquired = lock.lock(before: Date().addingTimeInterval(0.2))
        return 0
    }
    check.expectRealInterval("NSLock.lock(before:)", took: lockWait.seconds, result: acquired ? 0 : ETIMEDOUT, timedOut: ETIMEDOUT)
    if acquired { lock.unlock() }

    let rwlock = makeRWLock()
    let readWait = timed(first: { pthread_rwlock_wrlock(rwlock.pointer) }, rescue: { _ in pthread_rwlock_unlock(rwlock.pointer) }) {
        var until = deadline(in: 0.2)
        let result = pthread_rwlock_timedrdlock(rwlock.pointer, &until)
        if result == 0 { pthread_rwlock_unlock(rwlock.pointer) }
        return result
    }
    check.expectRealInterval("pthread_rwlock_timedrdlock", took: readWait.seconds, result: readWait.result, timedOut: ETIMEDOUT)
    let writeWait = timed(first: { pthread_rwlock_rdlock(rwlock.pointer) }, rescue: { _ in pthread_rwlock_unlock(rwlock.pointer) }) {
        var until = deadline(in: 0.2)
        let result = pthread_rwlock_timedwrlock(rwlock.pointer, &until)
        if result == 0 { pthread_rwlock_unlock(rwlock.pointer) }
        return result
    }
    check.expectRealInterval("pthread_rwlock_timedwrlock", took: writeWait.seconds, result: writeWait.result, timedOut: ETIMEDOUT)
}

/// A deadline with nanoseconds out of range is still the C library's EINVAL, however the clock moved.
func invalidDeadlinesAreRejected(_ check: Check) {
    shiftClock(by: -year, check)
    let semaphore = makeSemaphore()
    var invalid = timespec(tv_sec: 0, tv_nsec: 2_000_000_000)
    let semaphoreAnswer = semaphoreResult(sem_timedwait(semaphore.pointer, &invalid))
    check.expect(semaphoreAnswer == EINVAL, "sem_timedwait answered \(semaphoreAnswer), not EINVAL")
    // glibc looks at the deadline only when it has to wait: the mutex is held elsewhere.
    let mutex = makeMutex()
    let lock = timed(first: { pthread_mutex_lock(mutex.pointer) }, rescue: { _ in pthread_mutex_unlock(mutex.pointer) }) {
        var invalid = timespec(tv_sec: 0, tv_nsec: 2_000_000_000)
        return pthread_mutex_timedlock(mutex.pointer, &invalid)
    }
    check.expect(lock.result == EINVAL, "pthread_mutex_timedlock answered \(lock.result), not EINVAL")
    let sleepResult = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &invalid, nil)
    check.expect(sleepResult == EINVAL, "clock_nanosleep answered \(sleepResult), not EINVAL")
}

// MARK: - Checks: sleeps and glibc's clock-taking waits

/// The rescue for a sleep: SIGUSR1 (see `probe_install_wakeup_signal`) ends it with EINTR. Only sent
/// when patience runs out, so that no signal arrives once the sleep is over.
func interrupting(_ sleeper: pthread_t) -> @Sendable (Bool) -> Void {
    { rescuing in if rescuing { pthread_kill(sleeper, SIGUSR1) } }
}

/// An absolute sleep on the realtime clock lasts the real interval; a relative one, one on the
/// monotonic clock and one whose deadline has passed are the C library's.
func sleepsLastTheRealInterval(offset: Int64, _ check: Check) {
    shiftClock(by: offset, check)
    check.expect(probe_install_wakeup_signal() == 0, "SIGUSR1 could not be handled: \(errorText(errno))")
    let rescue = interrupting(pthread_self())
    let absolute = timed(rescue: rescue) {
        var until = deadline(in: 0.2)
        return clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &until, nil)
    }
    check.expectRealInterval("clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME)", took: absolute.seconds, result: absolute.result, timedOut: 0)
    let relative = timed(rescue: rescue) {
        var interval = timespec(tv_sec: 0, tv_nsec: 200_000_000)
        return clock_nanosleep(CLOCK_REALTIME, 0, &interval, nil)
    }
    check.expectRealInterval("clock_nanosleep(CLOCK_REALTIME, relative)", took: relative.seconds, result: relative.result, timedOut: 0)
    let monotonic = timed(rescue: rescue) {
        var until = deadline(in: 0.2, on: CLOCK_MONOTONIC)
        return clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, nil)
    }
    check.expectRealInterval("clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)", took: monotonic.seconds, result: monotonic.result, timedOut: 0)
    let past = timed(rescue: rescue) {
        var until = deadline(in: -10)
        return clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &until, nil)
    }
    check.expect(past.result == 0, "clock_nanosleep until 10 s ago answered \(past.result), not 0 at once")
}

/// sem_clockwait, pthread_cond_clockwait, pthread_mutex_clocklock and the read-write locks' clock
/// waits, given CLOCK_REALTIME, last the real interval; given CLOCK_MONOTONIC, their deadline stays.
func clockwaitsLastTheRealInterval(offset: Int64, _ check: Check) {
    shiftClock(by: offset, check)
    let semaphore = makeSemaphore()
    for (name, clock) in [("CLOCK_REALTIME", CLOCK_REALTIME), ("CLOCK_MONOTONIC", CLOCK_MONOTONIC)] {
        let wait = timed(rescue: { rescuing in if rescuing { sem_post(semaphore.pointer) } }) {
            var until = deadline(in: 0.2, on: clock)
            return semaphoreResult(sem_clockwait(semaphore.pointer, clock, &until))
        }
        check.expectRealInterval("sem_clockwait(\(name))", took: wait.seconds, result: wait.result, timedOut: ETIMEDOUT)
    }

    let condition = makeCondition(clock: CLOCK_REALTIME), conditionMutex = makeMutex()
    let conditionWait = timed(rescue: broadcasting(condition, conditionMutex)) {
        var until = deadline(in: 0.2)
        pthread_mutex_lock(conditionMutex.pointer)
        defer { pthread_mutex_unlock(conditionMutex.pointer) }
        return pthread_cond_clockwait(condition.pointer, conditionMutex.pointer, CLOCK_REALTIME, &until)
    }
    check.expectRealInterval("pthread_cond_clockwait(CLOCK_REALTIME)", took: conditionWait.seconds, result: conditionWait.result, timedOut: ETIMEDOUT)

    /// A lock the rescuer holds from the start (`hold`) and lets go when rescuing (`release`): taking it
    /// with a realtime deadline 0.2 s away must time out after the real 0.2 s.
    func expectLockTimesOut(_ name: String, hold: @escaping @Sendable () -> Void, release: @escaping @Sendable () -> Void,
                            take: (UnsafePointer<timespec>) -> Int32, untake: () -> Void) {
        let wait = timed(first: hold, rescue: { _ in release() }) {
            var until = deadline(in: 0.2)
            let result = take(&until)
            if result == 0 { untake() }
            return result
        }
        check.expectRealInterval(name, took: wait.seconds, result: wait.result, timedOut: ETIMEDOUT)
    }
    let mutex = makeMutex()
    expectLockTimesOut("pthread_mutex_clocklock(CLOCK_REALTIME)", hold: { pthread_mutex_lock(mutex.pointer) }, release: { pthread_mutex_unlock(mutex.pointer) },
                       take: { pthread_mutex_clocklock(mutex.pointer, CLOCK_REALTIME, $0) }, untake: { pthread_mutex_unlock(mutex.pointer) })
    let rwlock = makeRWLock()
    expectLockTimesOut("pthread_rwlock_clockrdlock(CLOCK_REALTIME)", hold: { pthread_rwlock_wrlock(rwlock.pointer) }, release: { pthread_rwlock_unlock(rwlock.pointer) },
                       take: { pthread_rwlock_clockrdlock(rwlock.pointer, CLOCK_REALTIME, $0) }, untake: { pthread_rwlock_unlock(rwlock.pointer) })
    expectLockTimesOut("pthread_rwlock_clockwrlock(CLOCK_REALTIME)", hold: { pthread_rwlock_rdlock(rwlock.pointer) }, release: { pthread_rwlock_unlock(rwlock.pointer) },
                       take: { pthread_rwlock_clockwrlock(rwlock.pointer, CLOCK_REALTIME, $0) }, untake: { pthread_rwlock_unlock(rwlock.pointer) })
}

// MARK: - Checks: saturation

/// Waits until the end of time (tv_sec = Int.max) last until something else ends them: the rescuer,
/// after 0.5 s. Wrapped round to the past, they would end at once.
func waitsForEver(offset: Int64, _ check: Check) {
    let semaphore = makeSemaphore()
    let semaphoreWait = timed(patience: 0.5, rescue: { rescuing in if rescuing { sem_post(semaphore.pointer) } }) {
        var until = timespec(tv_sec: Int.max, tv_nsec: 999_999_999)
        return semaphoreResult(sem_timedwait(semaphore.pointer, &until))
    }
    check.expect(semaphoreWait.result == 0 && semaphoreWait.seconds > 0.4,
                 "offset \(offset): sem_timedwait until the end of time answered \(semaphoreWait.result) after \(semaphoreWait.seconds) s, not 0 after the rescuer's post")
    let mutex = makeMutex()
    let lockWait = timed(patience: 0.5, first: { pthread_mutex_lock(mutex.pointer) }, rescue: { _ in pthread_mutex_unlock(mutex.pointer) }) {
        var until = timespec(tv_sec: Int.max, tv_nsec: 999_999_999)
        let result = pthread_mutex_timedlock(mutex.pointer, &until)
        if result == 0 { pthread_mutex_unlock(mutex.pointer) }
        return result
    }
    check.expect(lockWait.result == 0 && lockWait.seconds > 0.4,
                 "offset \(offset): pthread_mutex_timedlock until the end of time answered \(lockWait.result) after \(lockWait.seconds) s, not 0 once let go")
    let sleep = timed(patience: 0.5, rescue: interrupting(pthread_self())) {
        var until = timespec(tv_sec: Int.max, tv_nsec: 999_999_999)
        return clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &until, nil)
    }
    check.expect(sleep.result == EINTR && sleep.seconds > 0.4,
                 "offset \(offset): clock_nanosleep until the end of time answered \(sleep.result) after \(sleep.seconds) s, not EINTR from the rescuer")
}

/// A deadline long past, as a caller would see it, times out at once: the rescuer (0.5 s) would make
/// the wait succeed instead.
func waitUntilThePast(_ until: timespec, offset: Int64, _ check: Check) {
    let semaphore = makeSemaphore()
    let wait = timed(patience: 0.5, rescue: { rescuing in if rescuing { sem_post(semaphore.pointer) } }) {
        var until = until
        return semaphoreResult(sem_timedwait(semaphore.pointer, &until))
    }
    check.expect(wait.result == ETIMEDOUT, "offset \(offset): sem_timedwait until \(until.tv_sec) s answered \(wait.result), not ETIMEDOUT at once")
}

/// Shifting a deadline back by the largest offsets neither wraps it round nor makes it invalid.
func absurdDeadlinesSaturate(_ check: Check) {
    check.expect(probe_install_wakeup_signal() == 0, "SIGUSR1 could not be handled: \(errorText(errno))")
    // The clock 292 years back: Int.max, moved 292 years later, stays at the end of time; Int.min
    // (left as it is) is still long past.
    shiftClock(by: .min, check)
    waitsForEver(offset: .min, check)
    waitUntilThePast(timespec(tv_sec: Int.min, tv_nsec: 0), offset: .min, check)
    // The clock 292 years ahead: 1970 becomes a real time before 1970, which the kernel would reject
    // (EINVAL); it is in the past, so it is held at 1970.
    shiftClock(by: .max, check)
    waitsForEver(offset: .max, check)
    waitUntilThePast(timespec(tv_sec: 1, tv_nsec: 0), offset: .max, check)
    var longAgo = timespec(tv_sec: 1, tv_nsec: 0)
    let sleepResult = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &longAgo, nil)
    check.expect(sleepResult == 0, "offset \(Int64.max): clock_nanosleep until 1970 answered \(sleepResult), not 0 at once")
}

// MARK: - Benchmark

/// Nanoseconds per call of `read`, over `calls` calls.
@inline(__always)
func nanosecondsPerCall(_ calls: Int, _ read: (UnsafeMutablePointer<timespec>) -> Int32) -> Double {
    var ts = timespec()
    var failures = 0
    let seconds = elapsed {
        for _ in 0..<calls where read(&ts) != 0 { failures += 1 }
    }
    if failures > 0 { print("  (\(failures) calls failed)") }
    return seconds * 1e9 / Double(calls)
}

func bench() {
    let calls = 10_000_000
    func report(_ name: String, _ value: Double) {
        print(name.padding(toLength: 58, withPad: " ", startingAt: 0) + String(format: "%7.1f ns/call", value))
    }
    report("clock_gettime(CLOCK_MONOTONIC), through the shim", nanosecondsPerCall(calls) { clock_gettime(CLOCK_MONOTONIC, $0) })
    report("clock_gettime(CLOCK_MONOTONIC), the C library's (vDSO)", nanosecondsPerCall(calls) { probe_libc_clock_gettime(CLOCK_MONOTONIC, $0) })
    report("clock_gettime(CLOCK_MONOTONIC), system call", nanosecondsPerCall(calls) { probe_syscall_clock_gettime(CLOCK_MONOTONIC, $0) })
    _ = widgethost_set_realtime_offset(-year)
    report("clock_gettime(CLOCK_REALTIME) shifted, through the shim", nanosecondsPerCall(calls) { clock_gettime(CLOCK_REALTIME, $0) })
    _ = widgethost_set_realtime_offset(0)
}

// MARK: - Main

let checks: [(name: String, run: (Check) -> Void)] = [
    ("clock-past", { clockFollows(offset: -year, $0) }),
    ("clock-future", { clockFollows(offset: year, $0) }),
    ("clock-extremes", extremeOffsetsDoNotWrap),
    ("gettimeofday-arguments", gettimeofdayArguments),
    ("waits-past", { waitsLastTheRealInterval(offset: -year, $0) }),
    ("waits-future", { waitsLastTheRealInterval(offset: year, $0) }),
    ("locks-past", { locksWaitTheRealInterval(offset: -year, $0) }),
    ("locks-future", { locksWaitTheRealInterval(offset: year, $0) }),
    ("invalid-deadlines", invalidDeadlinesAreRejected),
    ("sleeps-past", { sleepsLastTheRealInterval(offset: -year, $0) }),
    ("sleeps-future", { sleepsLastTheRealInterval(offset: year, $0) }),
    ("clockwaits-past", { clockwaitsLastTheRealInterval(offset: -year, $0) }),
    ("clockwaits-future", { clockwaitsLastTheRealInterval(offset: year, $0) }),
    ("saturation", absurdDeadlinesSaturate),
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["bench"] {
    bench()
    exit(0)
}
guard arguments.count == 1, let check = checks.first(where: { $0.name == arguments[0] }) else {
    print("usage: virtual-clock-probe CHECK | bench\nchecks: \(checks.map(\.name).joined(separator: " "))")
    exit(64)
}
// A check that hangs despite its rescuers is killed (SIGALRM) rather than hanging its test.
alarm(30)
let outcome = Check()
check.run(outcome)
if outcome.failures.isEmpty {
    print("ok \(check.name)")
    exit(0)
}
for failure in outcome.failures { print("FAIL \(check.name): \(failure)") }
exit(1)
