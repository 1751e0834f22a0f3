import Benchmark
import Foundation
import Roundtrip

/// The calling side's costs: recording and accepting through the durable ledger (operations per
/// second, dominated by `fsync`), the same through the in-memory store, and verifying a signed
/// request on the receiving side's incoming path (HMAC-SHA256 and Ed25519, against an unsigned
/// baseline).
func registerLedgerBenchmarks() {
    let partnerYAML = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes-app]}
        signatures: optional
        keys:
          bench-hmac: {algorithm: hmac-sha256, secret-env: ROUNDTRIP_BENCH_SECRET}
          bench-ed25519: {algorithm: ed25519, public-key: "\(LedgerBenchmarkFixture.ed25519PublicKey)"}
        actions:
          create:
            convention: x-callback-url
            parameters:
              title: {type: string, required: true, max-length: 100}
              pinned: {type: boolean, default: "false"}
        """
    guard let partner = try? SpecLoader.load(yaml: partnerYAML).spec,
        let builder = try? RequestBuilder(partner: partner),
        let endpoint = try? Endpoint(
            spec: partner,
            keys: EnvironmentKeyResolver(environment: ["ROUNDTRIP_BENCH_SECRET": LedgerBenchmarkFixture.secret])
        ),
        let hmacSigner = try? RequestSigner(keyID: "bench-hmac", algorithm: .hmacSHA256, bytes: Array(LedgerBenchmarkFixture.secret.utf8)),
        let ed25519Signer = try? RequestSigner(keyID: "bench-ed25519", algorithm: .ed25519, bytes: LedgerBenchmarkFixture.ed25519PrivateKey)
    else {
        fatalError("the ledger benchmarks' fixture spec does not load")
    }
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let parameters = [QueryItem(name: "title", value: "Quarterly Report")]

    /// One round trip through a store: build with a fresh nonce, record, accept the answer.
    /// The clock moves 2 s per trip and requests live 1 s with no retention, so each record
    /// purges the previous entry and the ledger stays at its steady-state size.
    func roundTrip(_ ledger: any LedgerStore, step: Int) async throws {
        let now = start.addingTimeInterval(TimeInterval(2 * step))
        let request = try builder.build("create", parameters: parameters, callback: "pos-app://cb", ttl: 1, now: now)
        guard let pending = request.pending else { return }
        try await ledger.record(pending)
        let response = try await ResponseAcceptor(ledger: ledger).accept("pos-app://cb/success?rt-state=\(pending.nonce)&id=42", now: now)
        blackHole(response)
    }

    let directory = NSTemporaryDirectory() + "roundtrip-ledger-benchmark-" + UUID().uuidString
    let fileStore = FileLedgerStore(directory: directory, keyData: Data(LedgerBenchmarkFixture.ledgerKey.utf8), retention: 0)
    var fileSteps = 0
    Benchmark(
        "Ledger record+accept, file store",
        // Each iteration is two durable writes (fsync-bound): few warm-ups, a bounded run.
        configuration: .init(
            metrics: [.wallClock, .throughput, .syscalls],
            warmupIterations: 10,
            scalingFactor: .one,
            maxDuration: .seconds(5),
            maxIterations: 2_000
        ),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                fileSteps += 1
                try await roundTrip(fileStore, step: fileSteps)
            }
        },
        teardown: { try? FileManager.default.removeItem(atPath: directory) }
    )

    let memoryStore = InMemoryLedgerStore(retention: 0)
    var memorySteps = 0
    Benchmark(
        "Ledger record+accept, in-memory store",
        configuration: .init(metrics: [.wallClock, .throughput], warmupIterations: 10, scalingFactor: .kilo, maxDuration: .seconds(5))
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            memorySteps += 1
            try await roundTrip(memoryStore, step: memorySteps)
        }
    }
    let countingStore = InMemoryLedgerStore(retention: 0)
    var countingSteps = 0
    registerAllocations("ledger record+accept, in-memory store") {
        countingSteps += 1
        try await roundTrip(countingStore, step: countingSteps)
    }

    // The incoming path of a signed request: the whole decision, so the numbers compare directly.
    let unsigned = (try? builder.build("create", parameters: parameters, callback: "pos-app://cb", now: start).url) ?? ""
    let hmacSigned = (try? builder.build("create", parameters: parameters, callback: "pos-app://cb", signer: hmacSigner, now: start).url) ?? ""
    let ed25519Signed = (try? builder.build("create", parameters: parameters, callback: "pos-app://cb", signer: ed25519Signer, now: start).url) ?? ""
    for (name, url) in [("unsigned (baseline)", unsigned), ("HMAC-SHA256", hmacSigned), ("Ed25519", ed25519Signed)] {
        Benchmark(
            "Incoming request, signature verification: \(name)",
            configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try endpoint.evaluate(url, now: start))
            }
        }
        registerAllocations("signature verification, \(name)") { blackHole(try endpoint.evaluate(url, now: start)) }
    }
}

/// Fixed key material for the ledger benchmarks (never use these anywhere else).
enum LedgerBenchmarkFixture {
    static let secret = "benchmark-secret-0123456789abcdef"
    static let ledgerKey = "benchmark-ledger-key-0123456789ab"
    /// Ed25519 private key bytes 0x07 × 32 and its public key, base64.
    static let ed25519PrivateKey = [UInt8](repeating: 7, count: 32)
    static let ed25519PublicKey = "6kpsY+KcUgq+9VB7Ey7F+ZVHdq6+vnuSQh7qaRRG0iw="
}
