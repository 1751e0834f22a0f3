import Foundation
import Roundtrip
import RoundtripYAML

/// Loads the `--spec` of a command, turning problems into exit code 2.
enum SpecInput {
    static func load(_ path: String) throws -> Spec {
        do {
            return try SpecLoader.load(contentsOf: path).spec
        } catch {
            throw CommandFailure.usage("the spec \(path) is not usable:\n" + error.description)
        }
    }

    static func endpoint(_ path: String) throws -> Endpoint {
        let spec = try load(path)
        do {
            return try Endpoint(spec: spec)
        } catch {
            throw CommandFailure.usage("the spec \(path) is not usable: \(error.message)")
        }
    }

    /// `--param k=v` values as query items, in order.
    static func parameters(_ pairs: [String]) throws -> [QueryItem] {
        try pairs.map { pair in
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw CommandFailure.usage("--param takes name=value, not '\(pair)'")
            }
            return QueryItem(name: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...]))
        }
    }
}
