import Foundation
import FuzzSupport
import Roundtrip
import RoundtripYAML

/// ``SpecLoader`` on arbitrary YAML or JSON text. It must return a spec or a ``SpecError``,
/// never crash or hang, and:
///
/// - a ``SpecError`` says why: it holds at least one diagnostic of severity error;
/// - a loaded spec has no error diagnostics, declares no `rt-` parameter, gives every action a
///   route, and builds an ``Endpoint`` and a ``RequestBuilder`` (what `spec lint` passes, the
///   app can use);
/// - every route without placeholders reaches its own action: the endpoint's decision on the
///   route's own URL is never `unknown-route`, and an accepted one names that action.
enum SpecLoaderFuzz {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func load(_ text: String) {
        let loaded: SpecLoader.Loaded
        do {
            loaded = try SpecLoader.load(yaml: text)
        } catch {
            FuzzDriver.require(error.diagnostics.contains { $0.severity == .error }, "a SpecError without an error diagnostic: \(error)")
            return
        }
        let spec = loaded.spec
        FuzzDriver.require(!loaded.diagnostics.contains { $0.severity == .error }, "loaded with errors: \(loaded.diagnostics)")
        let endpoint: Endpoint
        do {
            endpoint = try Endpoint(spec: spec, keys: EnvironmentKeyResolver(environment: [:]))
            _ = try RequestBuilder(partner: spec)
        } catch {
            fatalError("a spec that loads cannot be used: \(error)")
        }
        for action in spec.actions {
            FuzzDriver.require(!action.routes.isEmpty, "the action '\(action.name)' has no route")
            let names = action.parameters.map(\.name) + [action.queryValue?.name, action.fragment?.name].compactMap { $0 }
            FuzzDriver.require(!names.contains { $0.hasPrefix("rt-") }, "the action '\(action.name)' declares an rt- parameter")
            for route in action.routes where route.placeholderNames.isEmpty {
                do {
                    let request = try endpoint.evaluate(route.text, now: now)
                    FuzzDriver.require(request.actionName == action.name, "the route \(route) of '\(action.name)' reached '\(request.actionName)'")
                } catch {
                    FuzzDriver.require(error.code != .unknownRoute, "the route \(route) of '\(action.name)' reaches no action: \(error)")
                }
            }
        }
    }
}

/// The executable's entry point (SwiftPM links `main` to `<module>_main`); see ``FuzzDriver/run(_:_:setUp:_:)``.
@_cdecl("fuzz_spec_loader_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { bytes in SpecLoaderFuzz.load(FuzzDriver.text(bytes)) }
}
