import Foundation
import SystemCalls
import WidgetArchive

/// The built-in fuzzer: structure-aware mutations of valid inputs, run in process. It stops at the
/// first finding — a property violation, or a trap (the input being run is written out from the
/// signal handler first) — and leaves the input in a file.
public final class Fuzzer {
    public struct Finding: Sendable {
        public var input: [UInt8]
        public var reason: String
    }
    public struct Stats: Sendable {
        public var executions = 0
        /// Inputs that decoded (the rest were refused with a typed error): how deep the mutations reach.
        public var decoded = 0
        public var seconds = 0.0
        public var execsPerSecond: Double { seconds > 0 ? Double(executions) / seconds : 0 }
        public var decodedShare: Double { executions > 0 ? Double(decoded) / Double(executions) : 0 }
    }

    public let target: FuzzTarget
    public let seed: UInt64
    private var corpus: [[UInt8]]
    private var mutator: StructuredMutator

    public init(target: FuzzTarget, seed: UInt64, corpus extra: [[UInt8]] = []) {
        self.target = target
        self.seed = seed
        corpus = target.seeds(count: 64, seed: seed) + extra
        mutator = StructuredMutator(seed: seed)
    }

    /// Runs until `runs` executions or `seconds` pass, whichever first. `progress` is called about
    /// once a second. `crashFile` receives the input being run if the process traps.
    public func run(runs: Int?, seconds: Double?, crashFile: String?, progress: (Stats) -> Void) -> (Stats, Finding?) {
        if let crashFile { CrashRecord.install(path: crashFile) }
        defer { CrashRecord.uninstall() }
        let start = ContinuousClock.now
        var stats = Stats()
        var lastReport = start
        let limit = runs ?? .max
        while stats.executions < limit {
            let base = corpus[Int(mutator.rng.next() % UInt64(corpus.count))]
            let input = mutator.mutate(base, corpus: corpus, repairChecksum: target != .frame && mutator.rng.next() % 4 != 0)
            CrashRecord.remember(input)
            let outcome = target.run(input)
            if case .violation(let reason) = outcome {
                stats.seconds = Self.seconds(ContinuousClock.now - start)
                return (stats, Finding(input: input, reason: reason))
            }
            stats.executions += 1
            if outcome == .decoded { stats.decoded += 1 }
            // Keep a few decodable mutants: they lead deeper into the format.
            if stats.executions % 64 == 0 && corpus.count < 4096 && outcome == .decoded { corpus.append(input) }
            if stats.executions % 256 == 0 {
                let now = ContinuousClock.now
                if now - lastReport >= .seconds(1) {
                    stats.seconds = Self.seconds(now - start)
                    progress(stats)
                    lastReport = now
                }
                if let seconds, Self.seconds(now - start) >= seconds { break }
            }
        }
        stats.seconds = Self.seconds(ContinuousClock.now - start)
        return (stats, nil)
    }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
}
