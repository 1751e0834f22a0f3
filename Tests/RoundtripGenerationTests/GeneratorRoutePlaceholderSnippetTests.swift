import Foundation
import Roundtrip
import RoundtripGeneration
import RoundtripYAML
import Testing

/// Rest and host placeholders in generated code: the route written from its parts (`.rest`, a
/// `:name` host), the values typed properties of the request, and the client's arguments.
@Suite("Code generation: rest and host placeholders, the exact Swift out")
struct GeneratorRoutePlaceholderSnippetTests {
    static let web = """
        roundtrip: 1
        app: {name: Web, schemes: [webview]}
        actions:
          open-web:
            url: webview://:host/:rest*
            convention: none
            parameters:
              rest: {max-length: 512}
        """

    @Test func theRouteTheRequestAndTheCall() throws {
        let receiver = try GeneratorSnippetTests.generate(Self.web, .receiver, source: "web.yaml")
        let client = try GeneratorSnippetTests.generate(Self.web, .caller, source: "web.yaml")
        #expect(
            receiver.contains(
                #"routes: [RoutePattern(text: "webview://:host/:rest*", scheme: "webview", host: ":host", hasAuthority: true, segments: [.literal(""), .rest("rest")])]"#
            )
        )
        let request = try #require(GeneratorSnippetTests.declaration("struct OpenWeb", in: receiver))
        #expect(request == Self.request)
        let call = try #require(GeneratorSnippetTests.declaration("func openWeb", in: client))
        #expect(call == Self.call)
    }

    /// The request: a typed property per placeholder, host and rest alike.
    static let request = ##"""
            /// `open-web`: none at `webview://:host/:rest*`.
            ///
            /// Parameters:
            /// - `rest`: (string; required; at most 512 characters)
            /// - `host`: (string; required)
            struct OpenWeb: Sendable {
                /// `rest`: (string; required; at most 512 characters)
                let rest: String
                /// `host`: (string; required)
                let host: String
                /// The accepted request: its callbacks, signature and URL.
                let request: AcceptedRequest

                /// The action in ``WebReceiver/spec``.
                static var action: Action { WebReceiver.spec.actions[0] }

                /// Reads the typed values of an accepted `open-web` request.
                ///
                /// - Throws: `RoundtripError` when the request is of another action, or a value is of another type (regenerate the code).
                init(_ request: AcceptedRequest) throws(RoundtripError) {
                    guard request.actionName == "open-web" else {
                        throw RoundtripError(.unknownRoute, "the request is for '\(request.actionName)', not '\(Self.action.name)'")
                    }
                    let values = request.parameters
                    self.rest = try values.required("rest", as: String.self)
                    self.host = try values.required("host", as: String.self)
                    self.request = request
                }
            }
        """##

    /// The call: the values as arguments; `RequestBuilder` writes the host and each segment.
    static let call = ##"""
            /// Calls `open-web` (none, `webview://:host/:rest*`); the convention has no way back, so nothing is awaited.
            ///
            /// - Parameters:
            ///   - rest: `rest`: (string; required; at most 512 characters)
            ///   - host: `host`: (string; required)
            ///   - signer: Signs the request (needed when the partner requires signatures).
            /// - Returns: The request as sent.
            /// - Throws: `RoundtripError` for a request that breaks the spec, `OpenFailure` when no app opened it.
            func openWeb(rest: String, host: String, signer: RequestSigner? = nil) async throws -> OutgoingRequest {
                let definition = Self.spec.actions[0]
                var items: [QueryItem] = []
                items += definition.parameters[0].queryItems(for: rest)
                items += definition.parameters[1].queryItems(for: host)
                return try await self.caller.send(definition.name, to: self.partner, parameters: items, callback: nil, signer: signer)
            }
        """##
}
