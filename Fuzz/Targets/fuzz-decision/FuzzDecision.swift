import Foundation
import FuzzSupport
import Roundtrip
import RoundtripYAML

/// The receiving app's decision (``Endpoint``) on an arbitrary incoming URL, against
/// `Tests/Fixtures/specs/rich.yaml` (every convention, parameter type and policy). It must answer
/// with an accepted request or a receiving-side ``RoundtripError``, never crash; and what it
/// accepts must be what the spec allows:
///
/// - the action exists, with the request's convention; every parameter is declared, has its
///   declared type, and every required or defaulted parameter is there;
/// - the callbacks are the convention's, and each passes the public ``CallbackPolicy`` check
///   again (its slow path, with the control-character scan);
/// - a `required` signature was verified, an `off` one ignored, and a verified `rt-id` is admitted
///   by ``Endpoint/handle(_:source:now:replayGuard:)`` once;
/// - a denied source (`com.apple.mobilesafari`) is refused with `untrusted-source`; an allowed one
///   (`com.example.pos`) gets the same parameters and callbacks;
/// - the canonical parameters are a fixed point: built into a request again and decided again,
///   they come back unchanged;
/// - every answer ``ResponseBuilder`` builds goes back to the callback it answers, with the
///   caller's own query items intact.
enum DecisionFuzz {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    /// The `ROUNDTRIP_TEST_SECRET` of key `pos-2026`; the signed seeds are signed with it.
    static let secret = "fuzz-secret"
    static let spec = try! SpecLoader.load(contentsOf: FuzzDriver.fixture("specs/rich.yaml")).spec
    static let endpoint = try! Endpoint(spec: spec, keys: EnvironmentKeyResolver(environment: ["ROUNDTRIP_TEST_SECRET": secret]))
    static let builder = try! RequestBuilder(partner: spec)
    static let policy = CallbackPolicy(allowList: spec.callbacks, ownSchemes: spec.app.schemes)
    static let deniedSource = "com.apple.mobilesafari"
    static let allowedSource = "com.example.pos"

    /// The receiving side's stable error codes.
    static let receivingCodes: Set<RoundtripError.Code> = [
        .malformedURL, .tooLarge, .unknownRoute, .missingParameter, .unknownParameter, .duplicateParameter,
        .invalidParameter, .invalidEncoding, .missingCallback, .forbiddenCallback, .missingSignature,
        .badSignature, .expired, .replayed, .untrustedSource, .reservedParameter,
    ]

    static func decide(_ url: String) {
        let request: AcceptedRequest
        do {
            request = try endpoint.evaluate(url, now: now)
        } catch {
            FuzzDriver.require(receivingCodes.contains(error.code), "a reject with the calling-side code \(error.code)")
            return
        }
        guard let action = spec.action(named: request.actionName) else {
            fatalError("accepted for the unknown action '\(request.actionName)'")
        }
        FuzzDriver.require(request.url == url, "the request's url is not the URL received")
        FuzzDriver.require(request.convention == action.convention, "convention \(request.convention) for \(action.name)")
        checkParameters(request, action)
        checkCallbacks(request, action)
        checkSignature(request, action, url)
        checkSources(request, url)
        checkCanonicalForm(request, action)
        checkAnswers(request, action)
    }

    static func checkParameters(_ request: AcceptedRequest, _ action: Action) {
        let declared = action.parameters + [action.queryValue, action.fragment].compactMap { $0 }
        for (name, value) in request.parameters {
            guard let parameter = declared.first(where: { $0.name == name }) else {
                fatalError("accepted the undeclared parameter '\(name)' for \(action.name)")
            }
            FuzzDriver.require(hasType(value, parameter.type), "'\(name)' is \(value), not a \(parameter.type)")
        }
        for parameter in declared where parameter.isRequired || parameter.defaultValue != nil {
            FuzzDriver.require(request.parameters[parameter.name] != nil, "accepted without '\(parameter.name)'")
        }
    }

    static func hasType(_ value: ParameterValue, _ type: ParameterType) -> Bool {
        switch (value, type) {
        case (.string, .string), (.integer, .integer), (.decimal, .decimal), (.boolean, .boolean), (.uuid, .uuid), (.url, .url): true
        case (.date(_, let format), .date(let declared)): format == declared
        default: false
        }
    }

    static func checkCallbacks(_ request: AcceptedRequest, _ action: Action) {
        let keys = Set(request.callbacks.keys)
        switch action.convention {
        case .none: FuzzDriver.require(keys.isEmpty, "convention none with callbacks \(keys)")
        case .xCallbackURL: FuzzDriver.require(keys.isSubset(of: ["success", "error", "cancel"]), "x-callback-url callbacks \(keys)")
        case .universalLinkCallback: FuzzDriver.require(keys == ["success", "error"], "ULC callbacks \(keys)")
        case .returnURL: FuzzDriver.require(keys == [ConventionNames.returnKey], "return-url callbacks \(keys)")
        }
        for (key, callback) in request.callbacks {
            do {
                try policy.check(callback, parameter: key, requireHTTPS: action.convention == .universalLinkCallback, responsePrefix: action.responsePrefix)
            } catch {
                fatalError("accepted the callback \(key)=\(callback) that the policy refuses: \(error)")
            }
        }
    }

    static func checkSignature(_ request: AcceptedRequest, _ action: Action, _ url: String) {
        switch action.signatures {
        case .required: FuzzDriver.require(request.signature != nil, "\(action.name) requires a signature")
        case .off: FuzzDriver.require(request.signature == nil, "\(action.name) has signatures off")
        case .optional: break
        }
        guard request.signature != nil else { return }
        let codes = FuzzDriver.wait { () -> [RoundtripError.Code?] in
            let guardian = InMemoryReplayGuard()
            var codes: [RoundtripError.Code?] = []
            for _ in 0..<2 {
                do {
                    _ = try await endpoint.handle(url, now: now, replayGuard: guardian)
                    codes.append(nil)
                } catch let error as RoundtripError {
                    codes.append(error.code)
                } catch {
                    fatalError("the in-memory replay guard threw \(error), which is not a RoundtripError")
                }
            }
            return codes
        }
        FuzzDriver.require(codes == [nil, .replayed], "a signed request was admitted \(codes) instead of once")
    }

    static func checkSources(_ request: AcceptedRequest, _ url: String) {
        do {
            _ = try endpoint.evaluate(url, source: deniedSource, now: now)
            fatalError("accepted from the denied source \(deniedSource)")
        } catch {
            FuzzDriver.require(error.code == .untrustedSource, "the denied source got \(error.code)")
        }
        do {
            let allowed = try endpoint.evaluate(url, source: allowedSource, now: now)
            FuzzDriver.require(allowed.canonicalParameters == request.canonicalParameters && allowed.callbacks == request.callbacks,
                               "another source changed the decision")
        } catch {
            fatalError("accepted from no source but refused from \(allowedSource): \(error)")
        }
    }

    /// Builds the canonical parameters into a request again (where the builder can: no callback
    /// or signature to reproduce) and decides it: the parameters must come back unchanged.
    static func checkCanonicalForm(_ request: AcceptedRequest, _ action: Action) {
        guard action.convention == .none || action.convention == .xCallbackURL, action.signatures != .required else { return }
        let items = request.canonicalParameters.sorted { $0.key < $1.key }.map { QueryItem(name: $0.key, value: $0.value) }
        do {
            let rebuilt = try builder.build(action.name, parameters: items, now: now)
            let again = try endpoint.evaluate(rebuilt.url, source: allowedSource, now: now)
            FuzzDriver.require(again.canonicalParameters == request.canonicalParameters,
                               "canonical \(request.canonicalParameters) came back as \(again.canonicalParameters)")
        } catch {
            fatalError("the canonical parameters \(request.canonicalParameters) were refused: \(error)")
        }
    }

    /// Every answer goes back to the callback it answers, with the caller's own items intact.
    static func checkAnswers(_ request: AcceptedRequest, _ action: Action) {
        for outcome in Set(["success", "error", "cancel"] + action.outcomes) {
            guard let answer = try? ResponseBuilder.callbackURL(answering: request, action: action, outcome: outcome) else { continue }
            let key = action.convention == .returnURL ? ConventionNames.returnKey : outcome
            guard let callback = request.callbacks[key], let sent = try? URLSplit(callback) else {
                fatalError("answered '\(outcome)' without a callback for it")
            }
            guard let split = try? URLSplit(answer) else { fatalError("the answer \(answer) is not a URL") }
            FuzzDriver.require(split.base == sent.base, "the answer \(answer) does not go back to \(callback)")
            let own = (try? QueryCodec.decode(sent.query ?? "", allowDuplicates: true)) ?? []
            let answered = (try? QueryCodec.decode(split.query ?? "", allowDuplicates: true)) ?? []
            FuzzDriver.require(own.allSatisfy(answered.contains), "the answer \(answer) lost the caller's items of \(callback)")
        }
    }
}

/// The executable's entry point (SwiftPM links `main` to `<module>_main`); see ``FuzzDriver/run(_:_:setUp:_:)``.
@_cdecl("fuzz_decision_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, setUp: { _ = (DecisionFuzz.endpoint, DecisionFuzz.builder, DecisionFuzz.policy) }) { bytes in
        DecisionFuzz.decide(FuzzDriver.text(bytes))
    }
}
