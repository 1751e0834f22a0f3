import Roundtrip

/// The calling convention a tester run plays.
package enum TargetKind: String, Sendable, Hashable, Codable {
    /// A Universal Link Callback: `https://…?ulc-success=…&ulc-error=…` (the Universal Link Callback convention).
    case ulc
    /// `<scheme>://x-callback-url/<action>?x-success=…&x-error=…&x-cancel=…`.
    case xCallbackURL = "x-callback-url"

    /// The convention the tester plays, whose rules name the callbacks it sends.
    package var convention: Convention {
        switch self {
        case .ulc: .universalLinkCallback
        case .xCallbackURL: .xCallbackURL
        }
    }

    /// The outcomes the convention's app may answer.
    package var outcomes: [CallbackOutcome] {
        convention.defaultOutcomes.compactMap(CallbackOutcome.init(rawValue:))
    }
}
