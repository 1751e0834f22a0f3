import Roundtrip
import RoundtripYAML
import Testing

/// The schemes that reach other machines on macOS, and `callback-match: exact`.
@Suite("Callback policy: remote-session schemes and exact matching")
struct CallbackPolicyRemoteAndExactTests {
    static let reason = ", which on macOS mounts a network share or starts a remote session"

    @Test("smb is refused: opening it mounts a share", arguments: ["smb://files.evil.example/share", "SMB://files.evil.example/share"])
    func smb(url: String) {
        #expect(CallbackPolicyTests.message(url) == "the callback 'x-success' uses the forbidden scheme 'smb:'\(Self.reason)")
    }

    @Test("afp is refused: opening it mounts a share", arguments: ["afp://files.evil.example/share", "Afp://files.evil.example/"])
    func afp(url: String) {
        #expect(CallbackPolicyTests.message(url) == "the callback 'x-success' uses the forbidden scheme 'afp:'\(Self.reason)")
    }

    @Test("vnc is refused: opening it starts screen sharing", arguments: ["vnc://screen.evil.example", "VNC://screen.evil.example:5900"])
    func vnc(url: String) {
        #expect(CallbackPolicyTests.message(url) == "the callback 'x-success' uses the forbidden scheme 'vnc:'\(Self.reason)")
        #expect(CallbackPolicy.isForbidden(scheme: "vNc"))
    }

    @Test("ssh is refused: opening it starts a terminal session", arguments: ["ssh://shell.evil.example", "sSh://shell.evil.example:22"])
    func ssh(url: String) {
        #expect(CallbackPolicyTests.message(url) == "the callback 'x-success' uses the forbidden scheme 'ssh:'\(Self.reason)")
    }

    @Test("ftp is refused: opening it mounts a share", arguments: ["ftp://files.evil.example/pub", "FTP://files.evil.example"])
    func ftp(url: String) {
        #expect(CallbackPolicyTests.message(url) == "the callback 'x-success' uses the forbidden scheme 'ftp:'\(Self.reason)")
    }

    @Test("Look-alikes of the remote schemes stay allowed", arguments: ["smbx://a", "sftp2://a", "ssh-app://a", "ftps-viewer://a", "vncviewer://a"])
    func lookAlikes(url: String) {
        #expect(CallbackPolicyTests.message(url) == nil)
    }

    static let exact = CallbackPolicy(
        allowList: [try! CallbackBase("pos-app://charge-result"), try! CallbackBase("https://Pos.example.com/return/")],
        ownSchemes: [],
        match: .exact
    )

    @Test(
        "Exact matching accepts an entry byte for byte, alone or with rt-state",
        arguments: [
            "pos-app://charge-result", "pos-app://charge-result?rt-state=AAAAAAAAAAAAAAAAAAAAAA",
            "https://Pos.example.com/return/?rt-state=AAAAAAAAAAAAAAAAAAAAAA",
        ]
    )
    func exactAccepts(url: String) {
        #expect(CallbackPolicyTests.message(url, policy: Self.exact) == nil)
    }

    @Test(
        "Exact matching refuses anything else, even what base matching accepts",
        arguments: [
            "POS-APP://charge-result", "https://pos.example.com/return/", "pos-app://charge-result?record_id=1",
            "pos-app://charge-result?rt-state=a&record_id=1", "pos-app://charge-result?", "pos-app://charge-result?rt-state=",
            "pos-app://charge-result/", "pos-app://charge-resul",
        ]
    )
    func exactRefuses(url: String) {
        let message = CallbackPolicyTests.message(url, policy: Self.exact)
        #expect(message?.hasPrefix("the callback 'x-success' '") == true)
        #expect(
            message?.hasSuffix(
                "' is not, byte for byte, one of the spec's callbacks (pos-app://charge-result, https://Pos.example.com/return/) followed by nothing but '?rt-state=…'"
            ) == true
        )
        let base = CallbackPolicy(allowList: Self.exact.allowList, ownSchemes: [])
        if url == "POS-APP://charge-result" || url == "pos-app://charge-result?record_id=1" {
            #expect(CallbackPolicyTests.message(url, policy: base) == nil)
        }
    }

    @Test func anActionUnderExactMatchingRefusesAnotherQuery() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Terminal, schemes: [terminal]}
            callbacks: ["pos-app://charge-result"]
            actions:
              charge:
                url: terminal://charge
                convention: return-url
                callback-match: exact
              loose:
                url: terminal://loose
                convention: return-url
            """
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        #expect(throws: Never.self) {
            _ = try endpoint.evaluate("terminal://charge?returnURL=pos-app%3A%2F%2Fcharge-result%3Frt-state%3DAAAAAAAAAAAAAAAAAAAAAA")
        }
        #expect {
            _ = try endpoint.evaluate("terminal://charge?returnURL=pos-app%3A%2F%2Fcharge-result%3Frecord_id%3D1")
        } throws: { error in
            (error as? RoundtripError)?.code == .forbiddenCallback
        }
        #expect(throws: Never.self) { _ = try endpoint.evaluate("terminal://loose?returnURL=pos-app%3A%2F%2Fcharge-result%3Frecord_id%3D1") }
    }
}
