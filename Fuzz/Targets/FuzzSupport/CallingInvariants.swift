import Foundation
import Roundtrip

/// The two invariants the calling side's fuzz targets check once every line was received.
public enum CallingInvariants {
    /// What accepting a callback again gave.
    public enum Outcome: Sendable {
        case accepted
        case replayed
        case refused(String)
    }

    /// Every accepted URL is refused as `replayed` when it comes again, and every request that no
    /// line answered still accepts its genuine callback (a refused callback consumed nothing).
    ///
    /// - Parameters:
    ///   - accepted: The URL that consumed each request, by nonce.
    ///   - genuine: Each live request's genuine callback, by nonce.
    ///   - accept: Accepts a URL again, later.
    public static func check(accepted: [String: String], genuine: [(nonce: String, url: String)], accept: (String) async -> Outcome) async {
        for (nonce, url) in accepted {
            switch await accept(url) {
            case .accepted: fatalError("the callback \(url) for \(nonce) was accepted again")
            case .replayed: break
            case .refused(let why): FuzzDriver.require(false, "a replay of \(url) got \(why)")
            }
        }
        for (nonce, url) in genuine where accepted[nonce] == nil {
            if case .refused(let why) = await accept(url) {
                fatalError("a refused callback used up \(nonce): its genuine callback got \(why)")
            }
        }
    }

    /// Accepts `url` at `time`; a refusal must be a ``RoundtripError`` with one of `codes`.
    public static func accept(_ url: String, _ acceptor: ResponseAcceptor, at time: Date, codes: Set<RoundtripError.Code>) async -> AcceptedResponse?
    {
        do {
            return try await acceptor.accept(url, now: time)
        } catch let error as RoundtripError {
            FuzzDriver.require(codes.contains(error.code), "a refusal with the code \(error.code)")
            return nil
        } catch {
            fatalError("a refusal that is not a RoundtripError: \(error)")
        }
    }

    /// Accepts `url` again at `time`, for ``check(accepted:genuine:accept:)``.
    public static func acceptAgain(_ url: String, _ acceptor: ResponseAcceptor, at time: Date) async -> Outcome {
        do {
            _ = try await acceptor.accept(url, now: time)
            return .accepted
        } catch {
            return (error as? RoundtripError)?.code == .replayed ? .replayed : .refused("\(error)")
        }
    }
}
