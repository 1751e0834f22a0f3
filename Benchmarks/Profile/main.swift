import Foundation
import Roundtrip
// Alternating rounds, minimum per-iteration time of each: robust to a busy machine.
let endpoint = IncomingFixture.endpoint(actionCount: Int(CommandLine.arguments[1]) ?? 10)
let url = IncomingFixture.url
let n = 20_000
var best = (decision: Double.infinity, baseline: Double.infinity)
var sink = 0
for _ in 0..<15 {
    var start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<n { if (try? endpoint.evaluate(url)) != nil { sink += 1 } }
    best.decision = min(best.decision, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(n))
    start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<n { sink += URLComponents(string: url)?.queryItems?.count ?? 0 }
    best.baseline = min(best.baseline, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(n))
}
print("actions \(CommandLine.arguments[1]): decision \(Int(best.decision)) ns, baseline \(Int(best.baseline)) ns, ratio \(best.decision / best.baseline)", sink > 0)
